"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDateFormat } from "@/components/shell/use-date-format";
import { RESERVATION_STATUS_LABELS } from "@/lib/contract/constants/reservations";
import type { AffectedReservation } from "@/lib/contract/availability";
import { countOf, plural } from "@/lib/format/plural";

type Props = {
  /** The lessons the day off covers (the API's 409 RESERVATIONS_ON_DAY_OFF); null while closed. */
  reservations: AffectedReservation[] | null;
  now: number;
  isPending: boolean;
  onCancel: () => void;
  onAnnul: () => void;
};

// A day off over booked lessons is never saved silently: the instructor sees each lesson and chooses to annul them
// (each is refunded and the student reads 'Anulada por la autoescuela') or to go back and keep the day.
export function DayOffReservationsDialog({ reservations, now, isPending, onCancel, onAnnul }: Props) {
  const formats = useDateFormat();
  const count = reservations?.length ?? 0;
  return (
    <ConfirmDialog
      open={reservations !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={`Tienes ${countOf(count, "reserva", "reservas")} en ese horario`}
      description={`Para marcarlo como no disponible, ${plural(count, "la reserva se anulará", "las reservas se anularán")} y se devolverá el importe a cada alumno, que verá «Anulada por la autoescuela» con el motivo «Día no disponible del profesor».`}
      confirmText={plural(count, "Anular reserva y guardar", "Anular reservas y guardar")}
      cancelText="Volver"
      variant="destructive"
      isLoading={isPending}
      onConfirm={onAnnul}
    >
      <ul className="max-h-64 divide-y overflow-y-auto rounded-lg border text-sm" data-testid="day-off-reservations">
        {reservations?.map((r) => (
          <li key={r.id} className="space-y-0.5 px-3 py-2">
            <p className="font-medium tabular-nums">{formats.lessonTime(r.start, r.end, now)}</p>
            <p className="break-words text-muted-foreground">
              {r.student} · Permiso {r.license} · {RESERVATION_STATUS_LABELS[r.status]}
            </p>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
