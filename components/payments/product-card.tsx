"use client";

import { Check, Clock, Wallet } from "lucide-react";
import { formatAmount } from "@/components/balance/balance-amount";
import type { Product } from "@/lib/contract/shop";
import { formatMoney } from "@/lib/format/money";
import { cn } from "@/lib/utils";
import { QuantityControl } from "./quantity-control";

type Props = { product: Product; quantity: number; onToggle: () => void; onQuantity: (value: number) => void };

// Clicking the card toggles the product between 0 and 1; the control below sets any quantity.
export function ProductCard({ product, quantity, onToggle, onQuantity }: Props) {
  const isSelected = quantity > 0;
  const Icon = product.credit.mode === "time" ? Clock : Wallet;
  return (
    <div
      data-testid="product-card"
      onClick={onToggle}
      className={cn(
        "flex cursor-pointer flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs transition-colors hover:border-primary/60",
        isSelected && "border-primary ring-2 ring-primary/30",
      )}
    >
      <button type="button" aria-pressed={isSelected} className="flex items-start gap-3 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 rounded-md">
        <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-full", isSelected ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground")}>
          {isSelected ? <Check className="size-5" aria-hidden /> : <Icon className="size-5" aria-hidden />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{product.title}</span>
          <span className="block text-sm text-muted-foreground">
            {product.description ?? `Añade ${formatAmount(product.credit.mode, product.credit.amount)} a tu saldo`}
          </span>
        </span>
        <span className="shrink-0 text-lg font-bold tabular-nums">{formatMoney(product.price.amount)}</span>
      </button>
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm text-muted-foreground">Cantidad</span>
        <QuantityControl label={product.title} value={quantity} onChange={onQuantity} />
      </div>
    </div>
  );
}
