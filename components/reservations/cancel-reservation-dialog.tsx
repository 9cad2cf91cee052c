"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useCancelReservation } from "./use-reservation-actions";

type Props = { reservationId: string; open: boolean; onOpenChange: (open: boolean) => void };

export function CancelReservationDialog({ reservationId, open, onOpenChange }: Props) {
  const cancel = useCancelReservation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancelar solicitud"
      description="¿Seguro que quieres cancelar esta solicitud de reserva? El importe se devolverá a tu saldo."
      confirmText="Sí, cancelar solicitud"
      cancelText="Volver"
      variant="destructive"
      isLoading={cancel.isPending}
      onConfirm={() => cancel.mutate(reservationId, { onSettled: () => onOpenChange(false) })}
    />
  );
}
