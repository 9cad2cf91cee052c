// Wall-clock arithmetic in an IANA time zone with Intl only (no tz library is installed).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The zone's wall clock at an instant, from the offset cache below: Intl's formatToParts costs ~20 µs a call, and a
 * burst of 10,000 reminders asks for several dates and clocks each (docs/benchmarks.md#notifications). */
export function localParts(instant: number, timeZone: string): LocalParts {
  const local = new Date(instant + zoneOffsetMs(instant, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The zone's wall clock at an instant, asked of Intl. */
export function intlParts(instant: number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

// Offsets change only at transitions, which fall on quarter hours in every current zone: one Intl call
// per quarter hour and zone is enough (the slot engine asks a few hundred times per week of calendar).
const QUARTER_HOUR = 900_000;
const offsetCache = new Map<string, number>();

/** Offset of the zone from UTC at an instant, in milliseconds (Madrid: +1 h in winter, +2 h in summer). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const bucket = Math.floor(instant / QUARTER_HOUR);
  const key = `${timeZone}|${bucket}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const at = bucket * QUARTER_HOUR;
  const p = intlParts(at, timeZone);
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at;
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

/**
 * The instant of a local date ('YYYY-MM-DD') plus minutes after local midnight. A wall time skipped by a
 * DST change (02:30 on Madrid's last Sunday of March) maps forward, as clocks do; a repeated one takes its
 * first occurrence.
 */
export function localToUtc(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const before = wall - zoneOffsetMs(wall - 86_400_000, timeZone);
  const after = wall - zoneOffsetMs(wall + 86_400_000, timeZone);
  const valid = [before, after].filter((t) => t + zoneOffsetMs(t, timeZone) === wall);
  if (valid.length > 0) return Math.min(...valid);
  // In a gap: the offset in force before the change moves the wall time forward by the jump.
  return before;
}

/** 'HH:mm' of the instant on the time zone's clock. */
export function localClock(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
}

/** The local calendar date of an instant, 'YYYY-MM-DD'. */
export function localDate(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 = Monday .. 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}
