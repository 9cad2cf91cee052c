"use client";

import { Elements } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { CheckoutForm } from "./checkout-form";

// One Stripe.js instance per school account for the life of the page.
const instances = new Map<string, Promise<Stripe | null>>();
function stripeFor(publicKey: string, stripeAccount: string | null) {
  const key = `${publicKey}:${stripeAccount ?? ""}`;
  if (!instances.has(key)) instances.set(key, loadStripe(publicKey, { locale: "es", ...(stripeAccount ? { stripeAccount } : {}) }));
  return instances.get(key)!;
}

type Props = { publicKey: string; stripeAccount: string | null; clientSecret: string; total: number };

// The Payment Element in Spanish (second document §2, §9).
export function StripeCheckout({ publicKey, stripeAccount, clientSecret, total }: Props) {
  return (
    <Elements stripe={stripeFor(publicKey, stripeAccount)} options={{ clientSecret, locale: "es", appearance: { theme: "stripe" } }}>
      <CheckoutForm clientSecret={clientSecret} total={total} />
    </Elements>
  );
}
