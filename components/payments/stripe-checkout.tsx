"use client";

import { Elements } from "@stripe/react-stripe-js";
import { CheckoutForm } from "./checkout-form";
import { stripeFor } from "./stripe-instance";

type Props = { publicKey: string; stripeAccount: string | null; clientSecret: string; total: number };

// The Payment Element in Spanish (second document §2, §9).
export function StripeCheckout({ publicKey, stripeAccount, clientSecret, total }: Props) {
  return (
    <Elements stripe={stripeFor(publicKey, stripeAccount)} options={{ clientSecret, locale: "es", appearance: { theme: "stripe" } }}>
      <CheckoutForm clientSecret={clientSecret} total={total} />
    </Elements>
  );
}
