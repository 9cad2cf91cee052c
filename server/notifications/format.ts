import { formatDuration } from "@/lib/format/duration";
import { formatMoney } from "@/lib/format/money";
import { localClock, localDate } from "@/lib/time/zoned-time";

// How notifications write dates and amounts, on the school's clock. A notification is read later than it is written
// (the in-app list, an e-mail opened next week), so its dates are absolute ('mar 1 dic · 12:00–14:00', the lesson cards'
// format without 'Hoy'/'Mañana'); the year only when it is not the year of writing. Pure: `now` is a parameter.

const SHORT_DAYS = ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"];
const SHORT_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];

type Instant = Date | string | number;
const ms = (value: Instant) => (value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value));

/** 'mar 1 dic' ('lun 4 ene 2027' in another year than `now`'s) of a calendar date 'YYYY-MM-DD'. */
export function dayText(date: string, now: Instant, timeZone: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const text = `${SHORT_DAYS[weekday]} ${Number(date.slice(8, 10))} ${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]}`;
  return date.slice(0, 4) === localDate(ms(now), timeZone).slice(0, 4) ? text : `${text} ${date.slice(0, 4)}`;
}

/** 'mar 1 dic · 12:00–14:00' on the school's clock; a lesson that runs into another day names both ends. */
export function lessonWhen(start: Instant, end: Instant, now: Instant, timeZone: string): string {
  const [s, e] = [ms(start), ms(end)];
  const from = { date: localDate(s, timeZone), time: localClock(s, timeZone) };
  const to = { date: localDate(e, timeZone), time: localClock(e, timeZone) };
  const nextDay = localDate(s + 86_400_000, timeZone);
  const endsOnItsDay = to.date === from.date || (to.time === "00:00" && to.date === nextDay);
  return endsOnItsDay
    ? `${dayText(from.date, now, timeZone)} · ${from.time}–${to.time}`
    : `${dayText(from.date, now, timeZone)} · ${from.time} – ${dayText(to.date, now, timeZone)} · ${to.time}`;
}

/** 'mar 1 dic · 09:30': an instant (an exam's) on the school's clock. */
export function instantWhen(at: Instant, now: Instant, timeZone: string): string {
  return `${dayText(localDate(ms(at), timeZone), now, timeZone)} · ${localClock(ms(at), timeZone)}`;
}

/** A balance amount as the balance screens write it: '1h 30m' in time mode, '35,00 €' in money mode. */
export function amountText(mode: "time" | "money", amount: number): string {
  return mode === "time" ? formatDuration(amount) : formatMoney(amount);
}

/** At most `max` characters, cut at a word with '…' (a chat message's preview). */
export function preview(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
