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

export const INSUFFICIENT_BALANCE_MESSAGE = "Saldo insuficiente para completar la reserva";
