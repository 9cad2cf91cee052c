import { queryOptions } from "@tanstack/react-query";
import { apiGet, type Answer } from "@/lib/api-client";
import type { orderSchema, productListSchema, stripePublicKeySchema, StripePublicKey } from "@/lib/contract/shop";
import { PROCESSING_RECHECK_MS } from "./payment-outcome";

// Second document §9: products fresh for 5 minutes, the payment public key for 1 hour.
export const shopQueries = {
  all: () => ["shop"] as const,
  products: () =>
    queryOptions({
      queryKey: [...shopQueries.all(), "products"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof productListSchema>>("/shop/products", signal),
      staleTime: 5 * 60_000,
      retry: 1,
    }),
  order: (id: string) =>
    queryOptions({
      queryKey: [...shopQueries.all(), "order", id] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof orderSchema>>(`/shop/order/${encodeURIComponent(id)}`, signal),
      retry: false,
    }),
  publicKey: () =>
    queryOptions({
      queryKey: [...shopQueries.all(), "public-key"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof stripePublicKeySchema>>("/shop/stripe/public-key", signal),
      staleTime: 60 * 60_000,
      retry: 1,
    }),
  // The PaymentIntent's real status, read with Stripe.js as Stripe documents for the return page: the URL's
  // redirect_status is only a hint anyone can type. A 'processing' answer is read once more after 2 s (§4, §9).
  intentStatus: (clientSecret: string, settings: StripePublicKey | undefined) =>
    queryOptions({
      queryKey: [...shopQueries.all(), "intent-status", clientSecret] as const,
      queryFn: async () => {
        if (!settings?.publicKey) throw new Error("Stripe is not configured");
        const { stripeFor } = await import("./stripe-instance");
        const stripe = await stripeFor(settings.publicKey, settings.stripeAccount);
        if (!stripe) throw new Error("Stripe.js could not be loaded");
        const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
        if (error || !paymentIntent) throw new Error(error?.message ?? "No PaymentIntent");
        return paymentIntent.status as string;
      },
      enabled: Boolean(settings?.publicKey),
      staleTime: Infinity,
      retry: false,
      refetchInterval: (query) => (query.state.data === "processing" && query.state.dataUpdateCount < 2 ? PROCESSING_RECHECK_MS : false),
    }),
};
