import { formatFullDate } from "@/lib/format/dates";

// When a notification came, as a list of news says it: 'Ahora', 'Hace 5 min', 'Hace 3 h', 'Ayer, 18:30',
// 'lun 12 may, 09:30', and the year when it is not this one. On the device's clock; pure: `now` is a parameter.

const SHORT_DAYS = ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"];
const SHORT_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Instant = Date | string | number;
const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));
const two = (n: number) => String(n).padStart(2, "0");
const clock = (d: Date) => `${two(d.getHours())}:${two(d.getMinutes())}`;
const dayNumber = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000;

export function notificationTime(value: Instant, now: Instant): string {
  const at = toDate(value);
  const current = toDate(now);
  const elapsed = current.getTime() - at.getTime();
  // A clock slightly ahead of the server's reads a just-made notification as a little in the future: still 'Ahora'.
  if (elapsed < MINUTE) return "Ahora";
  if (elapsed < HOUR) return `Hace ${Math.floor(elapsed / MINUTE)} min`;
  const days = dayNumber(current) - dayNumber(at);
  if (days === 0) return `Hace ${Math.floor(elapsed / HOUR)} h`;
  if (days === 1) return `Ayer, ${clock(at)}`;
  const day = `${SHORT_DAYS[at.getDay()]} ${at.getDate()} ${SHORT_MONTHS[at.getMonth()]}`;
  return at.getFullYear() === current.getFullYear() ? `${day}, ${clock(at)}` : `${day} ${at.getFullYear()}, ${clock(at)}`;
}

/** The full moment, for the element's title and screen readers: '12 de mayo de 2025, 09:30'. */
export const notificationFullTime = (value: Instant) => `${formatFullDate(toDate(value))}, ${clock(toDate(value))}`;
