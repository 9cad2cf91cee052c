// School-local dates and times in an IANA time zone, with Intl only (no library in the client bundle).

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
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

function zonedParts(instant: Date, timeZone: string): Parts {
  const out: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute!, second: out.second! };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** 'YYYY-MM-DD' of the instant in the time zone. */
export function localDateOf(instant: Date | string, timeZone: string): string {
  const p = zonedParts(toDate(instant), timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** 'HH:mm' of the instant in the time zone. */
export function localTimeOf(instant: Date | string, timeZone: string): string {
  const p = zonedParts(toDate(instant), timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy' without going through an instant. */
export function formatLocalDate(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}/${m}/${y}`;
}

function offsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant when the wall clock in the time zone shows `date` (YYYY-MM-DD) at `time` (HH:mm).
 * In the autumn overlap the earlier instant wins; a time skipped in spring moves forward by the gap.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const day = 24 * 3_600_000;
  const before = wall - offsetMs(new Date(wall - day), timeZone);
  const after = wall - offsetMs(new Date(wall + day), timeZone);
  const shows = (t: number) => {
    const p = zonedParts(new Date(t), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall;
  };
  const matches = [before, after].filter(shows);
  return new Date(matches.length > 0 ? Math.min(...matches) : before);
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
