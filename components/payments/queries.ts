import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { orderSchema, productListSchema, stripePublicKeySchema } from "@/lib/contract/shop";

// Second document §9: products fresh for 5 minutes, the payment public key for 1 hour.
export const shopQueries = {
  all: () => ["shop"] as const,
  products: () =>
    queryOptions({
      queryKey: [...shopQueries.all(), "products"] as const,
      queryFn: ({ signal }) => apiGet("/shop/products", productListSchema, signal),
      staleTime: 5 * 60_000,
      retry: 1,
    }),
  order: (id: string) =>
    queryOptions({
      queryKey: [...shopQueries.all(), "order", id] as const,
      queryFn: ({ signal }) => apiGet(`/shop/order/${encodeURIComponent(id)}`, orderSchema, signal),
      retry: false,
    }),
  publicKey: () =>
    queryOptions({
      queryKey: [...shopQueries.all(), "public-key"] as const,
      queryFn: ({ signal }) => apiGet("/shop/stripe/public-key", stripePublicKeySchema, signal),
      staleTime: 60 * 60_000,
      retry: 1,
    }),
};
