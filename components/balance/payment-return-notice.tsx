"use client";

import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { PAYMENT_MESSAGES } from "@/components/payments/payment-outcome";
import { usePaymentReturn } from "@/components/payments/use-payment-return";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { balanceQueries } from "./queries";

// Stripe's webhook credits the balance a moment after the payment: look again a few times.
const REFRESH_EVERY_MS = 2000;
const REFRESHES = 5;

// Back from a payment. Stripe's return_url adds payment_intent, payment_intent_client_secret and redirect_status
// (the payment page adds the same); the outcome shown is the PaymentIntent's status read back from Stripe, never
// redirect_status, which anyone can put in a link.
export function PaymentReturnNotice() {
  const result = usePaymentReturn(useSearchParams().get("payment_intent_client_secret"));
  const client = useQueryClient();
  const isMoneyOnTheWay = result.phase === "success" || result.phase === "processing" || result.phase === "processed";
  useEffect(() => {
    if (!isMoneyOnTheWay) return;
    let count = 0;
    const timer = setInterval(() => {
      void client.invalidateQueries({ queryKey: balanceQueries.all() });
      if (++count >= REFRESHES) clearInterval(timer);
    }, REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [isMoneyOnTheWay, client]);

  switch (result.phase) {
    case "none":
      return null;
    case "checking":
      return (
        <Alert data-testid="payment-return" role="status">
          <Spinner aria-hidden />
          <AlertTitle>Comprobando el estado del pago…</AlertTitle>
        </Alert>
      );
    case "success":
      return (
        <Alert className="border-success/40" data-testid="payment-return">
          <CheckCircle2 className="text-success" aria-hidden />
          <AlertTitle className="text-success">{PAYMENT_MESSAGES.succeeded}</AlertTitle>
          <AlertDescription>Tu saldo se actualizará en unos instantes.</AlertDescription>
        </Alert>
      );
    case "processing":
    case "processed":
      return (
        <Alert data-testid="payment-return" role="status">
          <Clock aria-hidden />
          <AlertTitle className="line-clamp-none">{result.message}</AlertTitle>
        </Alert>
      );
    case "failed":
      return (
        <Alert variant="destructive" data-testid="payment-return">
          <XCircle aria-hidden />
          <AlertTitle className="line-clamp-none">{result.message}</AlertTitle>
        </Alert>
      );
  }
}
