"use client";

import { useState } from "react";
import { CreditCard } from "lucide-react";
import { EmptyState } from "@/components/ui/states";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/api-client";
import type { Product } from "@/lib/contract/shop";
import { NO_PRODUCT_SELECTED_MESSAGE } from "@/lib/contract/constants/shop";
import { formatMoney } from "@/lib/format/money";
import { cartTotal, orderItems, setQuantity, toggleProduct, type Cart } from "./cart";
import { ProductCard } from "./product-card";
import { useStartPayment } from "./use-start-payment";

export function TopUpForm({ products, initialCart }: { products: Product[]; initialCart: Cart }) {
  const [cart, setCart] = useState<Cart>(initialCart);
  const [isEmptyError, setEmptyError] = useState(false);
  const start = useStartPayment();
  const total = cartTotal(cart, products);

  if (products.length === 0) return <EmptyState message="No hay productos a la venta en este momento" />;

  const onPay = () => {
    const items = orderItems(cart, products);
    setEmptyError(items.length === 0);
    if (items.length > 0) start.mutate(items);
  };
  const update = (next: Cart) => {
    setCart(next);
    setEmptyError(false);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <div className="grid gap-4 sm:grid-cols-2">
        {products.map((p) => (
          <ProductCard
            key={p.id}
            product={p}
            quantity={cart[p.id] ?? 0}
            onToggle={() => update(toggleProduct(cart, p.id))}
            onQuantity={(q) => update(setQuantity(cart, p.id, q))}
          />
        ))}
      </div>
      <aside className="h-fit space-y-4 rounded-xl border bg-card p-5 shadow-xs lg:sticky lg:top-20">
        <div className="flex items-baseline justify-between">
          <span className="text-muted-foreground">Total</span>
          <span className="text-2xl font-bold tabular-nums" data-testid="top-up-total">
            {formatMoney(total)}
          </span>
        </div>
        {isEmptyError ? (
          <p role="alert" className="text-sm text-destructive">
            {NO_PRODUCT_SELECTED_MESSAGE}
          </p>
        ) : null}
        {start.error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorText(start.error)}
          </p>
        ) : null}
        <Button className="w-full" size="lg" onClick={onPay} disabled={start.isPending || start.isSuccess}>
          {start.isPending || start.isSuccess ? <Spinner aria-hidden /> : <CreditCard aria-hidden />}
          Pagar ahora
        </Button>
        <p className="text-xs text-muted-foreground">El pago se realiza de forma segura con Stripe. El saldo se añade en cuanto se confirma el pago.</p>
      </aside>
    </div>
  );
}
