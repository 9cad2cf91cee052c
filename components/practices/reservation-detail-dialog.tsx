"use client";

import { useQuery } from "@tanstack/react-query";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/api-client";
import { formatDate, formatTimeRange } from "@/lib/format/dates";
import { formatDuration } from "@/lib/format/duration";
import { reservationQueries } from "@/components/reservations/queries";
import { StatusBadge } from "@/components/reservations/status-badge";
import { DetailItem } from "./detail-item";

// A reservation clicked in the calendar (spec §2): GET /student/reservations/{id}, shown read-only; the actions
// stay on the reservations page.
export function ReservationDetailDialog({ reservationId, onClose }: { reservationId: string | null; onClose: () => void }) {
  const { data, error, isPending } = useQuery({ ...reservationQueries.detail(reservationId ?? ""), enabled: reservationId !== null });
  return (
    <Dialog open={reservationId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Detalles de la reserva</DialogTitle>
          <DialogDescription>Reserva de prácticas de conducción</DialogDescription>
        </DialogHeader>
        {isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : error && !data ? (
          <p className="text-sm text-destructive">{errorText(error)}</p>
        ) : (
          <dl className="grid grid-cols-2 gap-4" data-testid="reservation-detail">
            <DetailItem label="Estado">
              <StatusBadge status={data.status} isDone={data.isDone} />
            </DetailItem>
            <DetailItem label="Fecha">{formatDate(data.start)}</DetailItem>
            <DetailItem label="Horario">
              <span className="tabular-nums">{formatTimeRange(data.start, data.end)}</span>
            </DetailItem>
            <DetailItem label="Duración">{formatDuration(data.duration)}</DetailItem>
            <DetailItem label="Profesor">{data.instructor}</DetailItem>
            <DetailItem label="Permiso">{data.license}</DetailItem>
            {data.cancellationReason ? (
              <div className="col-span-2">
                <DetailItem label="Motivo">{data.cancellationReason}</DetailItem>
              </div>
            ) : null}
            {data.hasCancellationRequest ? (
              <p className="col-span-2 text-sm text-amber-700 dark:text-amber-300">Solicitud de cancelación pendiente</p>
            ) : null}
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
