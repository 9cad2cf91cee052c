import { localClock, localDate } from "@/lib/time/zoned-time";

// When a lesson is, as people say it: 'Hoy · 12:00–14:00', 'Mañana · 09:00–10:00', 'mar 1 dic · 12:00–14:00', with the
// year only when it is not this one. The reservation cards of students and instructors write their dates so (issue
// "Phone first"); the spec's dd/MM/yyyy stays wherever a date is not a lesson's. Pure: `now` is a parameter.

const SHORT_DAYS = ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"];
const SHORT_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];
const RELATIVE: Record<number, string> = { [-1]: "Ayer", 0: "Hoy", 1: "Mañana" };

type Instant = Date | string | number;
const ms = (value: Instant) => (value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value));

/** Where a clock reads an instant: the calendar date (yyyy-MM-dd) and the time (HH:mm). */
type Clock = (instant: number) => { date: string; time: string };

const two = (n: number) => String(n).padStart(2, "0");
const deviceClock: Clock = (t) => {
  const d = new Date(t);
  return { date: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`, time: `${two(d.getHours())}:${two(d.getMinutes())}` };
};

/** The clock of a time zone (the school's), or the device's when none is given. */
const clockOf = (timeZone?: string): Clock =>
  timeZone ? (t) => ({ date: localDate(t, timeZone), time: localClock(t, timeZone) }) : deviceClock;

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** 'Hoy', 'Mañana', 'Ayer', else 'mar 1 dic' (plus the year when it is not today's year). */
function dayText(date: string, today: string): string {
  const relative = RELATIVE[dayNumber(date) - dayNumber(today)];
  if (relative) return relative;
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const text = `${SHORT_DAYS[weekday]} ${Number(date.slice(8, 10))} ${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]}`;
  return date.slice(0, 4) === today.slice(0, 4) ? text : `${text} ${date.slice(0, 4)}`;
}

/** The day of a lesson as people say it: 'Hoy', 'Mañana', 'mar 1 dic', 'lun 4 ene 2027'. */
export function formatLessonDay(start: Instant, now: Instant, timeZone?: string): string {
  const clock = clockOf(timeZone);
  return dayText(clock(ms(start)).date, clock(ms(now)).date);
}

/** 'Hoy · 12:00–14:00', 'mar 1 dic · 12:00–14:00'; a lesson that runs into another day names both ends. */
export function formatLessonTime(start: Instant, end: Instant, now: Instant, timeZone?: string): string {
  const clock = clockOf(timeZone);
  const today = clock(ms(now)).date;
  const from = clock(ms(start));
  const to = clock(ms(end));
  const endsOnItsDay = to.date === from.date || (to.time === "00:00" && dayNumber(to.date) - dayNumber(from.date) === 1);
  return endsOnItsDay
    ? `${dayText(from.date, today)} · ${from.time}–${to.time}`
    : `${dayText(from.date, today)} · ${from.time} – ${dayText(to.date, today)} · ${to.time}`;
}
