"use client";

import { useState, type FormEvent } from "react";
import Link from "next/link";
import { CheckCircle2, Lock } from "lucide-react";
import { PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatMoney } from "@/lib/format/money";
import { RETURN_PATH, usePaymentFlow } from "./use-payment-flow";

// Second document §9: card, Apple Pay, Google Pay, in tabs.
const PAYMENT_ELEMENT_OPTIONS = { layout: "tabs" as const, paymentMethodOrder: ["card", "apple_pay", "google_pay"] };

export function CheckoutForm({ clientSecret, total }: { clientSecret: string; total: number }) {
  const stripe = useStripe();
  const elements = useElements();
  const [isReady, setReady] = useState(false);
  const { state, confirm } = usePaymentFlow(clientSecret);
  const isBusy = state.phase === "pending" || state.phase === "processing";
  const isDone = state.phase === "success" || state.phase === "processed";

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (stripe && elements && !isBusy && !isDone) void confirm(stripe, elements);
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4 rounded-xl border bg-card p-5 shadow-xs" aria-busy={isBusy}>
      <PaymentElement options={PAYMENT_ELEMENT_OPTIONS} onReady={() => setReady(true)} />
      {state.phase === "failed" && state.message ? (
        <Alert variant="destructive">
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
      ) : null}
      {state.phase === "processing" && state.message ? <p role="status" className="text-sm text-muted-foreground">{state.message}</p> : null}
      {isDone && state.message ? (
        <Alert className="border-success/40 text-success">
          <CheckCircle2 aria-hidden />
          <AlertDescription className="text-success">
            <p>{state.message}</p>
            {state.phase === "processed" ? <Link href={RETURN_PATH} className="font-medium underline-offset-4 hover:underline">Ir a Mi saldo</Link> : null}
          </AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || !isReady || isBusy || isDone}>
        {isBusy ? <Spinner aria-hidden /> : <Lock aria-hidden />}
        {isBusy ? "Procesando pago…" : `Pagar ${formatMoney(total)}`}
      </Button>
    </form>
  );
}
