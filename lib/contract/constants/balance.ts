// Plain values of the balance contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).
import type { MovementDescription } from "../balance";

// The spec's labels (second document §3).
export const MOVEMENT_LABELS: Record<MovementDescription, string> = {
  reserva_solicitada: "Reserva solicitada",
  reserva_cancelada: "Reserva cancelada",
  reserva_denegada: "Reserva denegada",
  reserva_anulada: "Reserva anulada",
  recarga_admin: "Compra de saldo",
  consumo_admin: "Consumo de saldo",
  reserva_cambiada: "Cambio de hora",
};
