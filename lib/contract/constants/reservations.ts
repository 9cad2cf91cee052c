// Plain values of the reservations contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).
import type { ReservationStatus } from "../reservations";

// The spec's labels (§4); 'anulled' is spelt so on the wire.
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  requested: "Pendiente",
  denied: "Denegada",
  confirmed: "Confirmada",
  anulled: "Anulada",
  cancelled: "Cancelada",
};

// A confirmed lesson whose end has passed took place: it reads 'Realizada' rather than 'Confirmada' until, and after,
// its instructor records it with 'Finalizar práctica' (issue "Phone first"). The status on the wire stays 'confirmed'.
export const DONE_LABEL = "Realizada";

/** Whether a reservation is a lesson that took place: confirmed, and its end is not after `now` (epoch ms). */
export const isLessonDone = (r: { status: ReservationStatus; end: string | Date }, now: number) =>
  r.status === "confirmed" && new Date(r.end).getTime() <= now;

/** The label a reservation reads at `now`: the spec's status label, or 'Realizada' once a confirmed lesson is over. */
export const reservationStatusLabel = (r: { status: ReservationStatus; end: string | Date }, now: number) =>
  isLessonDone(r, now) ? DONE_LABEL : RESERVATION_STATUS_LABELS[r.status];

export const INSUFFICIENT_BALANCE_MESSAGE = "Saldo insuficiente para completar la reserva";
