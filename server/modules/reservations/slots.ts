import { addDays, isoWeekday, localDate, localToUtc, zoneOffsetMs } from "@/lib/time/zoned-time";

// The slot engine (cal.com style): expand weekly rules and date overrides in the school's time zone into
// UTC windows, subtract busy time, then step through whole local hours. Pure: `now` is a parameter.

export type Interval = { start: number; end: number }; // epoch milliseconds, end exclusive
export type WeeklyRule = { weekday: number; startMinutes: number; endMinutes: number }; // weekday 1 = Monday
export type DateOverride = {
  date: string; // 'YYYY-MM-DD', local
  type: "day_off" | "extra";
  startMinutes: number | null;
  endMinutes: number | null;
};

const MINUTE = 60_000;
const HOUR = 3_600_000;

export function mergeIntervals(list: readonly Interval[]): Interval[] {
  const sorted = list.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ start: i.start, end: i.end });
  }
  return out;
}

export function subtractIntervals(base: readonly Interval[], remove: readonly Interval[]): Interval[] {
  const cuts = mergeIntervals(remove);
  const out: Interval[] = [];
  for (const b of mergeIntervals(base)) {
    let cursor = b.start;
    for (const c of cuts) {
      if (c.end <= cursor || c.start >= b.end) continue;
      if (c.start > cursor) out.push({ start: cursor, end: c.start });
      cursor = Math.max(cursor, c.end);
      if (cursor >= b.end) break;
    }
    if (cursor < b.end) out.push({ start: cursor, end: b.end });
  }
  return out;
}

export const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

type MinuteRange = { start: number; end: number };

// One local day's open minutes: the weekday's rules (unless the whole day is off) plus extra hours,
// minus blocked ranges.
function dayRanges(date: string, rules: readonly WeeklyRule[], overrides: readonly DateOverride[]): MinuteRange[] {
  const todays = overrides.filter((o) => o.date === date);
  const isDayOff = todays.some((o) => o.type === "day_off" && o.startMinutes === null);
  const open: Interval[] = [];
  if (!isDayOff) {
    const weekday = isoWeekday(date);
    for (const r of rules) if (r.weekday === weekday) open.push({ start: r.startMinutes, end: r.endMinutes });
  }
  for (const o of todays) {
    if (o.type === "extra" && o.startMinutes !== null && o.endMinutes !== null) open.push({ start: o.startMinutes, end: o.endMinutes });
  }
  const blocked = todays
    .filter((o) => o.type === "day_off" && o.startMinutes !== null && o.endMinutes !== null)
    .map((o) => ({ start: o.startMinutes!, end: o.endMinutes! }));
  return subtractIntervals(open, blocked);
}

export type WindowsInput = {
  rules: readonly WeeklyRule[];
  overrides: readonly DateOverride[];
  timeZone: string;
  from: number;
  to: number;
};

/** Availability windows as UTC intervals, clipped to [from, to). */
export function availabilityWindows({ rules, overrides, timeZone, from, to }: WindowsInput): Interval[] {
  const windows: Interval[] = [];
  const last = addDays(localDate(to, timeZone), 1);
  for (let date = addDays(localDate(from, timeZone), -1); date <= last; date = addDays(date, 1)) {
    for (const r of dayRanges(date, rules, overrides)) {
      const start = Math.max(localToUtc(date, r.start, timeZone), from);
      const end = Math.min(localToUtc(date, r.end, timeZone), to);
      if (end > start) windows.push({ start, end });
    }
  }
  return mergeIntervals(windows);
}

/** The first instant at or after `t` that falls on a whole local hour. */
export function nextLocalHour(t: number, timeZone: string): number {
  let candidate = Math.ceil(t / MINUTE) * MINUTE;
  for (let i = 0; i < 3; i++) {
    const localMinute = (((candidate + zoneOffsetMs(candidate, timeZone)) / MINUTE) % 60 + 60) % 60;
    if (localMinute === 0) return candidate;
    candidate += (60 - localMinute) * MINUTE;
  }
  return candidate;
}

export type SlotsInput = {
  windows: readonly Interval[];
  busy: readonly Interval[];
  durationSeconds: number;
  now: number;
  timeZone: string;
  /** The school's minimum notice: no slot starts sooner than this many hours after now (0 when absent). */
  minNoticeHours?: number;
};

/** The earliest instant a slot may start: now plus the minimum notice (real elapsed hours, whatever the clocks do). */
export const earliestStart = (now: number, minNoticeHours = 0) => now + Math.max(0, minNoticeHours) * HOUR;

/** Bookable slots: start on a whole local hour, not before now plus the notice, last the duration, inside free time. */
export function generateSlots({ windows, busy, durationSeconds, now, timeZone, minNoticeHours }: SlotsInput): Interval[] {
  const length = durationSeconds * 1000;
  if (!(length > 0)) return [];
  const earliest = earliestStart(now, minNoticeHours);
  const slots: Interval[] = [];
  for (const free of subtractIntervals(windows, busy)) {
    for (let t = nextLocalHour(Math.max(free.start, earliest), timeZone); t + length <= free.end; t = nextLocalHour(t + HOUR, timeZone)) {
      slots.push({ start: t, end: t + length });
    }
  }
  return slots;
}

export const slotKey = (i: Interval) => `${i.start}-${i.end}`;
