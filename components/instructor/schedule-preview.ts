import type { AvailabilityOverride } from "@/lib/contract/availability";

// The instructor's open windows on one date: the weekly rules of that weekday, minus days off, plus extra hours.
export type TimeWindow = { start: string; end: string }; // 'HH:mm'
type RuleLike = { weekday: number; start: string; end: string };
type OverrideLike = Pick<AvailabilityOverride, "date" | "type" | "start" | "end">;
type Range = [number, number]; // minutes from midnight

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toHhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** ISO weekday of a 'YYYY-MM-DD' date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

function merge(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function subtract(ranges: Range[], cut: Range): Range[] {
  return ranges.flatMap(([s, e]): Range[] => {
    if (cut[1] <= s || cut[0] >= e) return [[s, e]];
    const parts: Range[] = [];
    if (cut[0] > s) parts.push([s, cut[0]]);
    if (cut[1] < e) parts.push([cut[1], e]);
    return parts;
  });
}

export function windowsOn(date: string, rules: readonly RuleLike[], overrides: readonly OverrideLike[]): TimeWindow[] {
  const weekday = isoWeekday(date);
  let ranges = merge(rules.filter((r) => r.weekday === weekday).map((r): Range => [toMinutes(r.start), toMinutes(r.end)]));
  const today = overrides.filter((o) => o.date === date);
  for (const o of today.filter((o) => o.type === "day_off")) {
    ranges = o.start && o.end ? subtract(ranges, [toMinutes(o.start), toMinutes(o.end)]) : [];
  }
  const extras = today.filter((o) => o.type === "extra" && o.start && o.end).map((o): Range => [toMinutes(o.start!), toMinutes(o.end!)]);
  return merge([...ranges, ...extras]).map(([s, e]) => ({ start: toHhmm(s), end: toHhmm(e) }));
}
