import type { BookingConflict, Slot } from "@/lib/contract/reservations";
import { overlaps } from "./selection";

export type SelectionConflict = { conflict: BookingConflict; slots: Slot[] };

/** The instants the selection spans, to ask the server for the student's other commitments once. */
export function selectionSpan(selection: readonly Slot[]): { start: string; end: string } | null {
  if (selection.length === 0) return null;
  const start = Math.min(...selection.map((s) => Date.parse(s.start)));
  const end = Math.max(...selection.map((s) => Date.parse(s.end)));
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

/** Each CAP session or exam that overlaps a selected slot, with the slots it overlaps, in time order. */
export function selectionConflicts(conflicts: readonly BookingConflict[], selection: readonly Slot[]): SelectionConflict[] {
  return conflicts
    .map((conflict) => ({ conflict, slots: selection.filter((s) => overlaps(s, conflict)) }))
    .filter((c) => c.slots.length > 0)
    .sort((a, b) => Date.parse(a.conflict.start) - Date.parse(b.conflict.start));
}
