"use client";

import { useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { outcomeOf, PAYMENT_MESSAGES, PROCESSED_DELAY_MS } from "./payment-outcome";
import { shopQueries } from "./queries";

export type PaymentReturn =
  | { phase: "none" }
  | { phase: "checking" }
  | { phase: "success" | "processing" | "processed" | "failed"; message: string };

// Back on the history page from a payment (Stripe's return_url, or the payment page after a success): what the
// PaymentIntent's real status says, with the outcomes of the second document §4 and §8. Without a client secret
// there is nothing to check, whatever redirect_status says.
export function usePaymentReturn(clientSecret: string | null): PaymentReturn {
  const client = useQueryClient();
  const settings = useQuery({ ...shopQueries.publicKey(), enabled: clientSecret !== null });
  const options = shopQueries.intentStatus(clientSecret ?? "", settings.data);
  const intent = useQuery({ ...options, enabled: clientSecret !== null && Boolean(settings.data?.publicKey) });
  // Still processing at the re-check (the second answer; dataUpdatedAt makes each answer re-render): shown as
  // processed 3 s later, as on the payment page.
  const checks = intent.dataUpdatedAt ? (client.getQueryState(options.queryKey)?.dataUpdateCount ?? 0) : 0;
  const isStillProcessing = intent.data === "processing" && checks >= 2;
  const [isProcessed, setProcessed] = useState(false);
  useEffect(() => {
    if (!isStillProcessing) return;
    const timer = setTimeout(() => setProcessed(true), PROCESSED_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isStillProcessing]);

  if (clientSecret === null) return { phase: "none" };
  const isUncheckable = settings.isError || (settings.data && !settings.data.publicKey) || intent.isError;
  if (isUncheckable) return { phase: "failed", message: PAYMENT_MESSAGES.statusCheck };
  if (intent.data === undefined) return { phase: "checking" };
  const outcome = outcomeOf(intent.data);
  if (outcome.kind === "processing" && isProcessed) return { phase: "processed", message: PAYMENT_MESSAGES.processed };
  return { phase: outcome.kind, message: outcome.message };
}
