"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { ListSkeleton } from "@/components/ui/states";
import { configQueries } from "@/components/booking/queries";
import { isStripeChargesEnabled } from "@/components/booking/booking-config";
import { OfficeTopUp } from "@/components/desk/office-top-up";
import { PageHeader } from "@/components/shell/page-header";
import type { Cart } from "./cart";
import { shopQueries } from "./queries";
import { TopUpForm } from "./top-up-form";

// /student/balance/top-up. 'Modificar' on the payment page comes back with ?order_id= to keep the selection.
export function TopUpPage() {
  const orderId = useSearchParams().get("order_id");
  const config = useQuery(configQueries.config());
  const products = useQuery(shopQueries.products());
  const order = useQuery({ ...shopQueries.order(orderId ?? ""), enabled: !!orderId });
  const isWaitingForOrder = !!orderId && order.isPending;
  const chargesOff = config.data !== undefined && !isStripeChargesEnabled(config.data);
  const initialCart: Cart = Object.fromEntries((order.data?.status === "pending" ? order.data.items : []).map((i) => [i.product.id, i.quantity]));

  return (
    <div className="mx-auto max-w-5xl">
      {/* A school without card payments is not told to pay by card: it shows its prices, office hours and phone. */}
      <PageHeader
        title="Recargar saldo"
        subtitle={chargesOff ? "Tu autoescuela recarga el saldo en su oficina" : "Elige lo que quieres añadir a tu saldo y paga con tarjeta"}
      />
      {chargesOff ? (
        <OfficeTopUp />
      ) : products.error ? (
        <LoadError />
      ) : products.isPending || config.isPending || isWaitingForOrder ? (
        <ListSkeleton rows={3} className="h-28" />
      ) : (
        <TopUpForm key={order.data?.id ?? "new"} products={products.data} initialCart={initialCart} />
      )}
    </div>
  );
}

// Second document §8: the retry reloads the page.
function LoadError() {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 p-8 text-center">
      <p className="font-medium text-destructive">Error al cargar los productos</p>
      <button type="button" className="text-sm font-medium text-primary underline-offset-4 hover:underline" onClick={() => window.location.reload()}>
        Reintentar
      </button>
    </div>
  );
}
