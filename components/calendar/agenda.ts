import { addDays, localDate, localToUtc } from "@/lib/time/zoned-time";

// The agenda (issue "Phone first"): the calendar's events as a list by day, from today on, on the school's clock.
// Pure: `now` and the time zone come in, so the grouping is tested with a frozen clock.

/** Days the agenda asks the API for at a time: the first view, then each 'Ver más días'. */
export const AGENDA_CHUNK_DAYS = 14;

export type AgendaRange = { start: string; end: string };

export type Timed = { id: string; start: string; end: string };

export type AgendaDay<T extends Timed> = {
  /** 'YYYY-MM-DD' on the school's clock. */
  date: string;
  /** 'Hoy, viernes 27 de noviembre', 'Mañana, sábado 28 de noviembre', 'Lunes 30 de noviembre'. */
  heading: string;
  items: T[];
};

/** The school's date of an instant ('YYYY-MM-DD'). */
export const schoolDate = (now: number, timeZone: string) => localDate(now, timeZone);

/**
 * The ranges the agenda asks for: `chunks` blocks of AGENDA_CHUNK_DAYS days from the school's midnight of `today`,
 * each from a local midnight to the next block's (a DST change makes a block an hour shorter or longer, never shifts
 * a day). Each block is its own query, so 'Ver más días' adds one request and keeps the ones already read.
 */
/** The agenda's first block of days, as it opens at `now`: what a calendar's first view reads on the server. */
export const firstAgendaRange = (now: number, timeZone: string): AgendaRange => agendaRanges(schoolDate(now, timeZone), 1, timeZone)[0]!;

export function agendaRanges(today: string, chunks: number, timeZone: string): AgendaRange[] {
  return Array.from({ length: chunks }, (_, i) => {
    const from = addDays(today, i * AGENDA_CHUNK_DAYS);
    const to = addDays(from, AGENDA_CHUNK_DAYS);
    return { start: new Date(localToUtc(from, 0, timeZone)).toISOString(), end: new Date(localToUtc(to, 0, timeZone)).toISOString() };
  });
}

/** The last day the agenda covers ('YYYY-MM-DD'). */
export const agendaLastDay = (today: string, chunks: number) => addDays(today, chunks * AGENDA_CHUNK_DAYS - 1);

// A calendar date as such: its UTC noon read in UTC, whatever the device's zone.
const DAY_FORMAT = new Intl.DateTimeFormat("es-ES", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

function dayParts(date: string) {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const parts = Object.fromEntries(DAY_FORMAT.formatToParts(new Date(Date.UTC(y, m - 1, d, 12))).map((p) => [p.type, p.value]));
  return { weekday: parts.weekday!, day: parts.day!, month: parts.month!, year: parts.year! };
}

/** 'viernes 27 de noviembre', with the year when it is not today's ('viernes 1 de enero de 2027'). */
export function dayText(date: string, today: string): string {
  const p = dayParts(date);
  const text = `${p.weekday} ${p.day} de ${p.month}`;
  return date.slice(0, 4) === today.slice(0, 4) ? text : `${text} de ${p.year}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A day's heading as people say it: 'Hoy, …', 'Mañana, …', or the weekday and date. */
export function dayHeading(date: string, today: string): string {
  const text = dayText(date, today);
  if (date === today) return `Hoy, ${text}`;
  if (date === addDays(today, 1)) return `Mañana, ${text}`;
  return capitalize(text);
}

/**
 * The events by school day, in time order, days without events left out. An event that began before today (a night
 * lesson still running) is listed under today; each event once, whatever blocks returned it.
 */
export function groupAgendaDays<T extends Timed>(events: readonly T[], now: number, timeZone: string): AgendaDay<T>[] {
  const today = schoolDate(now, timeZone);
  const seen = new Set<string>();
  const sorted = [...events]
    .filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.id.localeCompare(b.id));
  const days = new Map<string, T[]>();
  for (const event of sorted) {
    if (Date.parse(event.end) <= localToUtc(today, 0, timeZone)) continue;
    const date = [schoolDate(Date.parse(event.start), timeZone), today].sort()[1]!;
    days.set(date, [...(days.get(date) ?? []), event]);
  }
  return [...days].map(([date, items]) => ({ date, heading: dayHeading(date, today), items }));
}
