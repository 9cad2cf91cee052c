import { addDays, localDate, localToUtc } from "./zoned-time";

// The instructor's day on the school's clock: which lessons are today's, which is tomorrow's first, which run now (the
// lessons that took place: isLessonDone, lib/contract/constants/reservations.ts).
// Pure, with `now` as a parameter (server and browser alike).

/** Where today, tomorrow and the day after begin on the school's clock (23 or 25 hours apart across a DST change). */
export type SchoolDays = { today: string; todayStart: number; tomorrowStart: number; dayAfterStart: number };

export function schoolDays(now: number, timeZone: string): SchoolDays {
  const today = localDate(now, timeZone);
  return {
    today,
    todayStart: localToUtc(today, 0, timeZone),
    tomorrowStart: localToUtc(addDays(today, 1), 0, timeZone),
    dayAfterStart: localToUtc(addDays(today, 2), 0, timeZone),
  };
}

type Timed = { start: string; end: string };

/** A lesson of today: any part of it falls between today's midnight and tomorrow's (one that crosses midnight counts). */
export const isOnDay = (lesson: Timed, dayStart: number, nextDayStart: number) =>
  Date.parse(lesson.start) < nextDayStart && Date.parse(lesson.end) > dayStart;

/** Under way: confirmed, begun and not ended. */
export const isUnderway = (lesson: Timed & { status: string }, now: number) =>
  lesson.status === "confirmed" && Date.parse(lesson.start) <= now && Date.parse(lesson.end) > now;

export const byStart = <T extends Timed>(lessons: readonly T[]): T[] =>
  [...lessons].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || Date.parse(a.end) - Date.parse(b.end));

/** The first lesson that begins tomorrow on the school's clock (not one that began today and runs past midnight). */
export function firstOfTomorrow<T extends Timed>(lessons: readonly T[], now: number, timeZone: string): T | null {
  const { tomorrowStart, dayAfterStart } = schoolDays(now, timeZone);
  return byStart(lessons).find((l) => Date.parse(l.start) >= tomorrowStart && Date.parse(l.start) < dayAfterStart) ?? null;
}
