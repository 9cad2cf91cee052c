"use client";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { BalanceMode } from "@/lib/contract/config";
import { formatAmount } from "@/components/balance/balance-amount";

export type InsufficientBalance = { mode: BalanceMode; available: number; alreadySelected: number };

type Props = { value: InsufficientBalance | null; onClose: () => void };

// Spec §5 slot selection: the dialog shown when a new slot would exceed the balance.
export function InsufficientBalanceDialog({ value, onClose }: Props) {
  return (
    <Dialog open={value !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Saldo insuficiente</DialogTitle>
          <DialogDescription>No puedes seleccionar más horarios porque excederías tu saldo disponible.</DialogDescription>
        </DialogHeader>
        {value ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg bg-muted px-4 py-3 text-sm">
            <dt className="text-muted-foreground">Saldo disponible</dt>
            <dd className="text-right font-semibold tabular-nums">{formatAmount(value.mode, value.available)}</dd>
            <dt className="text-muted-foreground">Ya seleccionado</dt>
            <dd className="text-right font-semibold tabular-nums">{formatAmount(value.mode, value.alreadySelected)}</dd>
          </dl>
        ) : null}
        <p className="text-sm text-muted-foreground">Puedes cambiar tu selección o recargar tu saldo.</p>
        <DialogFooter>
          <Button onClick={onClose}>Entendido</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
