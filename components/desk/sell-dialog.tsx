"use client";

import { CheckCircle2, Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { Sale } from "@/lib/contract/sales";
import { formatMoney } from "@/lib/format/money";
import { receiptHref } from "./queries";
import { SellForm } from "./sell-form";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; student: { id: string; name: string } | null };

// The 'Vender' flow in a dialog; once sold, its receipt is one tap away.
export function SellDialog({ open, onOpenChange, student }: Props) {
  const [sold, setSold] = useState<Sale | null>(null);
  const onChange = (next: boolean) => {
    if (!next) setSold(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={onChange}>
      <DialogContent className="max-h-[100dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{sold ? "Venta registrada" : "Vender"}</DialogTitle>
          <DialogDescription>
            {sold ? (
              <>
                {sold.student.name} · Justificante <span className="whitespace-nowrap">{sold.receipt}</span>
              </>
            ) : (
              "Cobra un producto en la oficina y añade su saldo al alumno"
            )}
          </DialogDescription>
        </DialogHeader>
        {sold ? (
          <div className="space-y-4">
            <p className="flex items-center gap-2 text-success">
              <CheckCircle2 aria-hidden className="size-5" />
              {formatMoney(sold.totalCents)} cobrados{sold.changeCents > 0 ? ` · Cambio: ${formatMoney(sold.changeCents)}` : ""}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <a href={receiptHref.office(sold.id)} download>
                  <Download aria-hidden />
                  Descargar justificante
                </a>
              </Button>
              <Button type="button" onClick={() => onChange(false)}>
                Hecho
              </Button>
            </div>
          </div>
        ) : (
          <SellForm student={student} onSold={setSold} />
        )}
      </DialogContent>
    </Dialog>
  );
}
