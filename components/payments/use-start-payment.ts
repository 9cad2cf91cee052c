"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiPost, type Answer } from "@/lib/api-client";
import type { createOrderResponseSchema, orderPaymentResponseSchema, CreateOrderBody } from "@/lib/contract/shop";

export const paymentHref = (clientSecret: string, orderId: string) =>
  `/student/balance/payment?${new URLSearchParams({ client_secret: clientSecret, order_id: orderId })}`;

// 'Pagar ahora': the order, then its PaymentIntent, then the payment page. Amounts are the server's.
export function useStartPayment() {
  const router = useRouter();
  return useMutation({
    mutationFn: async (items: CreateOrderBody["items"]) => {
      const { id } = await apiPost<Answer<typeof createOrderResponseSchema>>("/shop/order", { items });
      const { clientSecret } = await apiPost<Answer<typeof orderPaymentResponseSchema>>("/shop/order/payment", { orderId: id });
      return { orderId: id, clientSecret };
    },
    onSuccess: ({ orderId, clientSecret }) => router.push(paymentHref(clientSecret, orderId)),
  });
}
