"use client";

import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PAYMENT_METHOD_LABELS } from "@/lib/contract/constants/sales";
import type { Sale } from "@/lib/contract/sales";
import { formatDateTime } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";

// Sales as a list of receipts: what was bought, how it was paid, and the PDF to download.
export function ReceiptList({ sales, hrefOf }: { sales: Sale[]; hrefOf: (id: string) => string }) {
  return (
    <ul className="divide-y">
      {sales.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3" data-testid="receipt">
          <div className="min-w-0">
            <p className="font-medium">
              {s.product.title} × {s.quantity} · <span className="tabular-nums">{formatMoney(s.totalCents)}</span>
            </p>
            <p className="text-sm text-muted-foreground">
              {formatDateTime(s.date)} · {PAYMENT_METHOD_LABELS[s.paymentMethod]}
            </p>
          </div>
          <Button asChild variant="outline" size="sm">
            <a href={hrefOf(s.id)} download aria-label={`Descargar justificante ${s.receipt}`}>
              <Download aria-hidden />
              Justificante {s.receipt}
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}
