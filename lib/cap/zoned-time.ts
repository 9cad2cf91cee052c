// School-local dates and times for the CAP screens, as strings, on top of lib/time/zoned-time.
import { addDays, localClock, localDate, localToUtc } from "@/lib/time/zoned-time";

const toMs = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

/** 'YYYY-MM-DD' of the instant in the time zone. */
export function localDateOf(instant: Date | string, timeZone: string): string {
  return localDate(toMs(instant), timeZone);
}

/** 'HH:mm' of the instant in the time zone. */
export function localTimeOf(instant: Date | string, timeZone: string): string {
  return localClock(toMs(instant), timeZone);
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy' without going through an instant. */
export function formatLocalDate(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}/${m}/${y}`;
}

/**
 * The instant when the wall clock in the time zone shows `date` (YYYY-MM-DD) at `time` (HH:mm).
 * In the autumn overlap the earlier instant wins; a time skipped in spring moves forward by the gap.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return new Date(localToUtc(date, h * 60 + m, timeZone));
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export const addDaysToDate = addDays;
