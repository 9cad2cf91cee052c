"use client";

import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { PAYMENT_MESSAGES } from "@/components/payments/payment-outcome";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { balanceQueries } from "./queries";

// Stripe's webhook credits the balance a moment after the payment: look again a few times.
const REFRESH_EVERY_MS = 2000;
const REFRESHES = 5;

// Back from a payment (Stripe's return_url adds redirect_status; the payment page adds it too).
export function PaymentReturnNotice() {
  const status = useSearchParams().get("redirect_status");
  const client = useQueryClient();
  useEffect(() => {
    if (status !== "succeeded" && status !== "processing") return;
    let count = 0;
    const timer = setInterval(() => {
      void client.invalidateQueries({ queryKey: balanceQueries.all() });
      if (++count >= REFRESHES) clearInterval(timer);
    }, REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [status, client]);

  if (status === "succeeded") {
    return (
      <Alert className="border-success/40" data-testid="payment-return">
        <CheckCircle2 className="text-success" aria-hidden />
        <AlertTitle className="text-success">{PAYMENT_MESSAGES.succeeded}</AlertTitle>
        <AlertDescription>Tu saldo se actualizará en unos instantes.</AlertDescription>
      </Alert>
    );
  }
  if (status === "processing") {
    return (
      <Alert data-testid="payment-return">
        <Clock aria-hidden />
        <AlertTitle>Tu pago se está procesando</AlertTitle>
        <AlertDescription>Verás el saldo en tu historial en cuanto el banco lo confirme.</AlertDescription>
      </Alert>
    );
  }
  if (status === "failed") {
    return (
      <Alert variant="destructive" data-testid="payment-return">
        <XCircle aria-hidden />
        <AlertTitle>{PAYMENT_MESSAGES.other}</AlertTitle>
      </Alert>
    );
  }
  return null;
}
