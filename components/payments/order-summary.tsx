import Link from "next/link";
import { Pencil } from "lucide-react";
import { formatAmount } from "@/components/balance/balance-amount";
import { Button } from "@/components/ui/button";
import type { Order } from "@/lib/contract/shop";
import { formatMoney } from "@/lib/format/money";

// The order being paid; 'Modificar' goes back to the top-up page with this selection.
export function OrderSummary({ order }: { order: Order }) {
  return (
    <aside className="space-y-4 rounded-xl border bg-card p-5 shadow-xs" aria-label="Resumen del pedido">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">Resumen del pedido</h2>
        <Button asChild variant="ghost" size="sm">
          <Link href={`/student/balance/top-up?order_id=${encodeURIComponent(order.id)}`}>
            <Pencil aria-hidden />
            Modificar
          </Link>
        </Button>
      </div>
      <ul className="divide-y text-sm" data-testid="order-items">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-baseline justify-between gap-3 py-2">
            <span>
              {item.product.title} <span className="text-muted-foreground">× {item.quantity}</span>
            </span>
            <span className="tabular-nums">{formatMoney(item.total.amount)}</span>
          </li>
        ))}
      </ul>
      <div className="flex items-baseline justify-between border-t pt-3">
        <span className="text-muted-foreground">Total</span>
        <span className="text-xl font-bold tabular-nums" data-testid="order-total">
          {formatMoney(order.total.amount)}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">Se añadirá a tu saldo: {formatAmount(order.credit.mode, order.credit.amount)}</p>
    </aside>
  );
}
