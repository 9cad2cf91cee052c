"use client";

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useRouter, useSearchParams } from "next/navigation";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { PageHeader } from "@/components/shell/page-header";
import { toast } from "@/components/ui/use-toast";
import { errorText } from "@/lib/api-client";
import { OrderSummary } from "./order-summary";
import { PAYMENT_MESSAGES } from "./payment-outcome";
import { shopQueries } from "./queries";

// Stripe.js and the Payment Element load only here, in the browser.
const StripeCheckout = dynamic(() => import("./stripe-checkout").then((m) => m.StripeCheckout), {
  ssr: false,
  loading: () => <ListSkeleton rows={1} className="h-48" />,
});

// /student/balance/payment?client_secret=...&order_id=...
export function PaymentPage() {
  const params = useSearchParams();
  const clientSecret = params.get("client_secret");
  const orderId = params.get("order_id");
  if (!clientSecret || !orderId) return <IncompleteQuery />;
  return <Checkout clientSecret={clientSecret} orderId={orderId} />;
}

// Second document §5: both are required; otherwise the error, and back to the top-up page.
function IncompleteQuery() {
  const router = useRouter();
  useEffect(() => {
    toast({ title: PAYMENT_MESSAGES.incompleteQuery, variant: "destructive" });
    router.replace("/student/balance/top-up");
  }, [router]);
  return <ErrorState message={PAYMENT_MESSAGES.incompleteQuery} />;
}

function Checkout({ clientSecret, orderId }: { clientSecret: string; orderId: string }) {
  const order = useQuery(shopQueries.order(orderId));
  const settings = useQuery(shopQueries.publicKey());

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Pago" subtitle="Revisa tu pedido y paga con tarjeta" />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-label="Pago con tarjeta" className="order-2 lg:order-1">
          {settings.error ? (
            <ErrorState message={PAYMENT_MESSAGES.configError} />
          ) : settings.isPending || order.isPending ? (
            <ListSkeleton rows={1} className="h-48" />
          ) : !settings.data.publicKey ? (
            <ErrorState message={`${PAYMENT_MESSAGES.configIncomplete}. Ponte en contacto con soporte.`} />
          ) : order.data?.status === "paid" ? (
            <ErrorState message="Este pedido ya está pagado" />
          ) : order.data ? (
            <StripeCheckout publicKey={settings.data.publicKey} stripeAccount={settings.data.stripeAccount} clientSecret={clientSecret} total={order.data.total.amount} />
          ) : null}
        </section>
        <div className="order-1 lg:order-2">
          {order.error ? <ErrorState message={errorText(order.error)} /> : order.data ? <OrderSummary order={order.data} /> : <ListSkeleton rows={1} className="h-40" />}
        </div>
      </div>
    </div>
  );
}
