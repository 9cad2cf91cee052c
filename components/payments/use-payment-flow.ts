"use client";

import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { balanceQueries } from "@/components/balance/queries";
import { toast } from "@/components/ui/use-toast";
import {
  confirmErrorMessage,
  outcomeOf,
  PAYMENT_MESSAGES,
  PROCESSED_DELAY_MS,
  PROCESSING_RECHECK_MS,
  SUCCESS_REDIRECT_MS,
} from "./payment-outcome";

export type PaymentPhase = "idle" | "pending" | "processing" | "processed" | "success" | "failed";
export type PaymentState = { phase: PaymentPhase; message: string | null };

export const RETURN_PATH = "/student/balance/history";

// The history page as Stripe's own redirect reaches it: it reads the PaymentIntent's status back from the secret.
const returnUrl = (clientSecret: string) =>
  `${RETURN_PATH}?${new URLSearchParams({
    payment_intent: clientSecret.split("_secret_")[0]!,
    payment_intent_client_secret: clientSecret,
    redirect_status: "succeeded",
  })}`;

// Pending, then success (toast, redirect after 3 s) or failed; a processing payment is checked again after 2 s and
// shown as processed 3 s later (second document §4). The balance itself is credited by Stripe's webhook.
export function usePaymentFlow(clientSecret: string) {
  const [state, setState] = useState<PaymentState>({ phase: "idle", message: null });
  const router = useRouter();
  const client = useQueryClient();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (ms: number, fn: () => void) => timers.current.push(setTimeout(fn, ms));

  function succeed() {
    setState({ phase: "success", message: PAYMENT_MESSAGES.succeeded });
    toast({ title: "Pago completado", description: PAYMENT_MESSAGES.succeeded, variant: "success" });
    void client.invalidateQueries({ queryKey: balanceQueries.all() });
    later(SUCCESS_REDIRECT_MS, () => router.push(returnUrl(clientSecret)));
  }

  function apply(stripe: Stripe, status: string | undefined, isRecheck: boolean) {
    const outcome = outcomeOf(status);
    if (outcome.kind === "success") return succeed();
    if (outcome.kind === "failed") return setState({ phase: "failed", message: outcome.message });
    setState({ phase: "processing", message: outcome.message });
    if (isRecheck) {
      return later(PROCESSED_DELAY_MS, () => {
        setState({ phase: "processed", message: PAYMENT_MESSAGES.processed });
        void client.invalidateQueries({ queryKey: balanceQueries.all() });
      });
    }
    later(PROCESSING_RECHECK_MS, async () => {
      const result = await stripe.retrievePaymentIntent(clientSecret).catch(() => null);
      if (!result || result.error || !result.paymentIntent) return setState({ phase: "failed", message: PAYMENT_MESSAGES.statusCheck });
      apply(stripe, result.paymentIntent.status, true);
    });
  }

  async function confirm(stripe: Stripe, elements: StripeElements) {
    setState({ phase: "pending", message: null });
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${RETURN_PATH}` },
        redirect: "if_required",
      });
      if (result.error) return setState({ phase: "failed", message: confirmErrorMessage(result.error) });
      apply(stripe, result.paymentIntent?.status, false);
    } catch {
      setState({ phase: "failed", message: PAYMENT_MESSAGES.unexpected });
    }
  }

  return { state, confirm };
}
