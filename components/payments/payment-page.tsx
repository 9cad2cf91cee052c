"use client";

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { PageHeader } from "@/components/shell/page-header";
import { toast } from "@/components/ui/use-toast";
import { errorText } from "@/lib/api-client";
import { OrderSummary } from "./order-summary";
import { paymentBlock, type PaymentBlock } from "./payment-block";
import { PAYMENT_MESSAGES } from "./payment-outcome";
import { shopQueries } from "./queries";

// Stripe.js and the Payment Element load only here, in the browser.
const StripeCheckout = dynamic(() => import("./stripe-checkout").then((m) => m.StripeCheckout), {
  ssr: false,
  loading: () => <ListSkeleton rows={1} className="h-48" />,
});

// Ours: an order that could not be read and whose answer carried no text (the connection dropped).
const ORDER_LOAD_ERROR = "No se ha podido cargar el pedido";

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
  const isLoading = (settings.isPending && !settings.error) || (order.isPending && !order.error);
  const block = isLoading
    ? null
    : paymentBlock(
        { failed: Boolean(settings.error), publicKey: settings.data?.publicKey },
        { errorText: order.error ? errorText(order.error, ORDER_LOAD_ERROR) : null, status: order.data?.status },
      );
  const summary = order.data ? <OrderSummary order={order.data} /> : null;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Pago" subtitle="Revisa tu pedido y paga con tarjeta" />
      <div className={summary || isLoading ? "grid gap-6 lg:grid-cols-[1fr_20rem]" : "grid gap-6"}>
        <section aria-label="Pago con tarjeta" className="order-2 lg:order-1">
          {isLoading ? (
            <ListSkeleton rows={1} className="h-48" />
          ) : block ? (
            <PaymentBlocked block={block} />
          ) : settings.data?.publicKey && order.data ? (
            <StripeCheckout publicKey={settings.data.publicKey} stripeAccount={settings.data.stripeAccount} clientSecret={clientSecret} total={order.data.total.amount} />
          ) : null}
        </section>
        {summary || isLoading ? <div className="order-1 lg:order-2">{summary ?? <ListSkeleton rows={1} className="h-40" />}</div> : null}
      </div>
    </div>
  );
}

// One message and the way back: 'Recargar saldo' (a new order) where the card can be used, and the balance.
function PaymentBlocked({ block }: { block: PaymentBlock }) {
  return (
    <div className="space-y-4" data-testid="payment-blocked">
      <ErrorState message={block.message} />
      <nav aria-label="Volver" className="flex flex-wrap gap-2">
        {block.canTopUp ? (
          <Button asChild>
            <Link href="/student/balance/top-up">Recargar saldo</Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link href="/student/balance/history">Volver a Mi saldo</Link>
        </Button>
      </nav>
    </div>
  );
}
