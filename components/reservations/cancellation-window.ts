import type { Reservation } from "@/lib/contract/reservations";

type Input = Pick<Reservation, "status" | "start" | "hasCancellationRequest" | "canRequestCancellation">;

const lessThan = (hours: number) => (hours === 1 ? "falta menos de 1 hora" : `faltan menos de ${hours} horas`);

/**
 * Why a confirmed lesson still ahead offers no way out: the server closed its cancellation (canRequestCancellation is
 * false) because it starts within the school's deadline. Null when there is nothing to explain. Pure: `now` is given.
 */
export function cancellationClosedNote(reservation: Input, now: number, deadlineHours: number): string | null {
  const { status, start, hasCancellationRequest, canRequestCancellation } = reservation;
  if (status !== "confirmed" || hasCancellationRequest || canRequestCancellation || Date.parse(start) <= now) return null;
  return `Ya no se puede cancelar: ${lessThan(deadlineHours)} para su inicio.`;
}
