import type { Balance } from "@/lib/contract/balance";
import type { BookingCalendarEvent, BookingEventType, Slot } from "@/lib/contract/reservations";
import { availableAmount, fitsBalance, totalCost } from "@/lib/booking/balance";

// Pure slot-selection rules of the booking wizard (spec §4 booking wizard, §5 slot selection).

const ms = (iso: string) => Date.parse(iso);

/** Identity of a slot by its instants, so '...Z' and '+00:00' spellings of one instant match. */
export const slotKey = (slot: Slot) => `${ms(slot.start)}/${ms(slot.end)}`;
export const slotSeconds = (slot: Slot) => Math.round((ms(slot.end) - ms(slot.start)) / 1000);

export const sameSlot = (a: Slot, b: Slot) => slotKey(a) === slotKey(b);
export const overlaps = (a: Slot, b: Slot) => ms(a.start) < ms(b.end) && ms(b.start) < ms(a.end);

export const isSelected = (selection: readonly Slot[], slot: Slot) => selection.some((s) => sameSlot(s, slot));

const byStart = (a: Slot, b: Slot) => ms(a.start) - ms(b.start);

export type SelectOutcome =
  | { kind: "deselected"; selection: Slot[] }
  | { kind: "selected"; selection: Slot[] }
  /** Amounts in the balance's own unit: seconds (time mode) or cents (money mode). */
  | { kind: "insufficient-balance"; selection: Slot[]; available: number; alreadySelected: number };

/**
 * Clicking a slot toggles it. A new slot is taken only when the selection plus the slot fits the balance:
 * time mode selected seconds + duration <= timeBalanceSeconds; money mode selected cost + hourly_price x duration <= moneyBalanceCents.
 */
export function toggleSlot(
  selection: readonly Slot[],
  slot: Slot,
  balance: Balance,
  hourlyPriceCents: number,
): SelectOutcome {
  if (isSelected(selection, slot)) {
    return { kind: "deselected", selection: selection.filter((s) => !sameSlot(s, slot)) };
  }
  const selectedDurations = selection.map(slotSeconds);
  if (!fitsBalance(balance, selectedDurations, [slotSeconds(slot)], hourlyPriceCents)) {
    return {
      kind: "insufficient-balance",
      selection: [...selection],
      available: availableAmount(balance),
      alreadySelected: totalCost(balance.balanceMode, selectedDurations, hourlyPriceCents),
    };
  }
  const next = [...selection, { start: slot.start, end: slot.end }].sort(byStart);
  return { kind: "selected", selection: next };
}

/** The selection without the slots the server reported as taken (SLOTS_UNAVAILABLE). */
export function removeSlots(selection: readonly Slot[], unavailable: readonly Slot[]): Slot[] {
  return selection.filter((s) => !unavailable.some((u) => sameSlot(s, u)));
}

/** Total of the selection in the balance mode's unit (seconds or cents). */
export function selectionTotal(selection: readonly Slot[], mode: Balance["balanceMode"], hourlyPriceCents: number): number {
  return totalCost(mode, selection.map(slotSeconds), hourlyPriceCents);
}

export type DisplayKind = BookingEventType | "selected";
export type DisplayEvent = { id: string; title: string; start: string; end: string; kind: DisplayKind };

/**
 * What the calendar draws: the server's events, minus the available slots that overlap a selected one
 * (spec §5), plus every selected slot (the calendar only draws those of the visible week).
 */
export function displayEvents(events: readonly BookingCalendarEvent[], selection: readonly Slot[]): DisplayEvent[] {
  const shown: DisplayEvent[] = events
    .filter((e) => e.type !== "available" || !selection.some((s) => overlaps(s, e)))
    .map((e) => ({ id: e.id, title: e.title, start: e.start, end: e.end, kind: e.type }));
  const selected: DisplayEvent[] = selection.map((s) => ({
    id: `selected:${slotKey(s)}`,
    title: "Seleccionado",
    start: s.start,
    end: s.end,
    kind: "selected",
  }));
  return [...shown, ...selected];
}
