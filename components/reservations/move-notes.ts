import { slotCost } from "@/lib/booking/balance";
import type { BalanceMode } from "@/lib/contract/config";
import { formatAmount } from "@/components/balance/balance-amount";
import type { BookingConfig } from "@/components/booking/booking-config";
import type { Reservation } from "@/lib/contract/reservations";
import type { MoverRole } from "./use-move-lesson";

/** The lesson being moved, as the dialog gets it. */
export type MovableLesson = Pick<Reservation, "id" | "start" | "end" | "status">;

type Input = {
  role: MoverRole;
  lesson: Pick<MovableLesson, "start" | "end">;
  /** The chosen slot's length in seconds; null while none is chosen. */
  newDuration: number | null;
  booking: Pick<BookingConfig, "hourlyPriceCents" | "isDirectMode">;
  mode: BalanceMode;
};

// What the move will do, in the mover's words (issue 31 §5): the price difference at today's price (the server charges
// or refunds it with its ledger row), whether the school must confirm the new time, who is told. Pure.
export function moveNotes({ role, lesson, newDuration, booking, mode }: Input): string[] {
  const notes: string[] = [];
  const own = Math.round((Date.parse(lesson.end) - Date.parse(lesson.start)) / 1000);
  if (newDuration !== null && newDuration !== own) {
    const diff = slotCost(mode, newDuration, booking.hourlyPriceCents) - slotCost(mode, own, booking.hourlyPriceCents);
    const amount = formatAmount(mode, Math.abs(diff));
    const whose = role === "student" ? "tu saldo" : "el saldo del alumno";
    if (diff > 0) notes.push(`Se descontará ${amount} de ${whose}.`);
    if (diff < 0) notes.push(`Se devolverá ${amount} a ${whose}.`);
  }
  if (role === "student" && !booking.isDirectMode) notes.push("La autoescuela tendrá que confirmar la nueva hora.");
  notes.push(
    role === "student" ? "Tu profesor recibirá un aviso." : role === "instructor" ? "El alumno recibirá un aviso." : "El alumno y el profesor recibirán un aviso.",
  );
  return notes;
}
