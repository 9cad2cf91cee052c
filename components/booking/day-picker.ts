import { addDays, localDate } from "@/lib/time/zoned-time";
import type { DisplayEvent } from "./selection";

// Pure rules of the phone's 'Hora' picker: a strip of days from today, each day's slots, the next day with free
// slots. Days are calendar dates ('YYYY-MM-DD') on the clock of `timeZone`; `now` is a parameter.

export type DayStatus = {
  date: string;
  /** Free slots still ahead of `now` (those overlapping a selected slot are already hidden, spec §5). */
  freeCount: number;
  selectedCount: number;
};

const startMs = (e: { start: string }) => Date.parse(e.start);
const dayOf = (e: { start: string }, timeZone: string) => localDate(startMs(e), timeZone);

const isFree = (e: DisplayEvent, now: number) => e.kind === "available" && startMs(e) > now;

/** The strip's dates: today first (never a past day), up to `lastDate` included. */
export function stripDates(now: number, lastDate: string, timeZone: string): string[] {
  const dates: string[] = [];
  for (let date = localDate(now, timeZone); date <= lastDate; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The last date a slot may be offered: the school's horizon counted from now (booking.service.ts refuses beyond). */
export const horizonDate = (now: number, horizonDays: number, timeZone: string) => localDate(now + horizonDays * 86_400_000, timeZone);

/** How many free and selected slots each date of the strip has. */
export function dayStatuses(events: readonly DisplayEvent[], dates: readonly string[], now: number, timeZone: string): DayStatus[] {
  const byDate = new Map(dates.map((date) => [date, { date, freeCount: 0, selectedCount: 0 }]));
  for (const e of events) {
    const day = byDate.get(dayOf(e, timeZone));
    if (!day) continue;
    if (isFree(e, now)) day.freeCount += 1;
    else if (e.kind === "selected") day.selectedCount += 1;
  }
  return [...byDate.values()];
}

/**
 * What one day shows, in time order: its free, selected and taken times. A free slot already begun and anything
 * already over are left out (nothing to choose or avoid there).
 */
export function dayItems(events: readonly DisplayEvent[], date: string, now: number, timeZone: string): DisplayEvent[] {
  return events
    .filter((e) => dayOf(e, timeZone) === date && Date.parse(e.end) > now && (e.kind !== "available" || isFree(e, now)))
    .sort((a, b) => startMs(a) - startMs(b) || a.kind.localeCompare(b.kind));
}

/** The first date after `after` with a free slot, or null when the known days have none. */
export function nextDayWithSlots(days: readonly DayStatus[], after: string): string | null {
  return days.find((d) => d.date > after && d.freeCount > 0)?.date ?? null;
}

/** '1 hueco', '3 huecos', 'Sin huecos'. */
export const freeLabel = (count: number) => (count === 0 ? "Sin huecos" : count === 1 ? "1 hueco" : `${count} huecos`);
