import { loadStripe, type Stripe } from "@stripe/stripe-js";

// One Stripe.js instance per school account for the life of the page. Importing this module loads Stripe.js, so
// pages other than the payment page import it dynamically, and only when they need it.
const instances = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publicKey: string, stripeAccount: string | null): Promise<Stripe | null> {
  const key = `${publicKey}:${stripeAccount ?? ""}`;
  if (!instances.has(key)) instances.set(key, loadStripe(publicKey, { locale: "es", ...(stripeAccount ? { stripeAccount } : {}) }));
  return instances.get(key)!;
}
