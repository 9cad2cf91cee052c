import { startOfWeek } from "date-fns";
import { localClock, localDate } from "@/lib/time/zoned-time";
import { formatLessonTime } from "./lesson-time";

// Spanish locale, weeks from Monday (spec §1, §9).
export const WEEK_STARTS_ON = 1 as const;

// The Spanish names date-fns's `es` locale writes (the tests hold these formats to date-fns's output). Written out
// here because date-fns's `format` and locale weigh ~8 kB in the first load of every page that shows a date.
const DAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const SHORT_DAYS = ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"];
const MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];
const SHORT_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));
const two = (n: number) => String(n).padStart(2, "0");
const four = (n: number) => String(n).padStart(4, "0");

/** dd/MM/yyyy */
export const formatDate = (value: DateInput) => {
  const d = toDate(value);
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${four(d.getFullYear())}`;
};
/** HH:mm */
export const formatTime = (value: DateInput) => {
  const d = toDate(value);
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
};
/** dd/MM/yyyy HH:mm */
export const formatDateTime = (value: DateInput) => `${formatDate(value)} ${formatTime(value)}`;
/** 'lunes, 12 de mayo de 2025' style long day, for summaries. */
export const formatLongDay = (value: DateInput) => {
  const d = toDate(value);
  return `${DAYS[d.getDay()]}, ${formatFullDate(d)}`;
};
/** '12 de mayo de 2025' */
export const formatFullDate = (value: DateInput) => {
  const d = toDate(value);
  return `${formatDayOfMonth(d)} de ${four(d.getFullYear())}`;
};
/** '12 de mayo' */
export const formatDayOfMonth = (value: DateInput) => {
  const d = toDate(value);
  return `${d.getDate()} de ${MONTHS[d.getMonth()]}`;
};
/** 'lun 12' */
export const formatShortDay = (value: DateInput) => {
  const d = toDate(value);
  return `${SHORT_DAYS[d.getDay()]} ${d.getDate()}`;
};
/** '12 may 09:30' */
export const formatShortDateTime = (value: DateInput) => {
  const d = toDate(value);
  return `${two(d.getDate())} ${SHORT_MONTHS[d.getMonth()]} ${formatTime(d)}`;
};
/** 'mayo de 2025' */
export const formatMonth = (value: DateInput) => {
  const d = toDate(value);
  return `${MONTHS[d.getMonth()]} de ${four(d.getFullYear())}`;
};
/** yyyy-MM-dd: the calendar date on the device's clock. */
export const formatIsoDate = (value: DateInput) => {
  const d = toDate(value);
  return `${four(d.getFullYear())}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
};
/** 'HH:mm - HH:mm' */
export const formatTimeRange = (start: DateInput, end: DateInput) => `${formatTime(start)} - ${formatTime(end)}`;

export type DateFormats = {
  date: (value: DateInput) => string;
  time: (value: DateInput) => string;
  dateTime: (value: DateInput) => string;
  longDay: (value: DateInput) => string;
  timeRange: (start: DateInput, end: DateInput) => string;
  /** A lesson's day and hours as people say them: 'Hoy · 12:00–14:00', 'mar 1 dic · 12:00–14:00' (lesson-time.ts). */
  lessonTime: (start: DateInput, end: DateInput, now: DateInput) => string;
};

/** A calendar date (yyyy-MM-dd) as that day's noon on the device's clock: a Date for it that no DST change skips. */
export function noonOfDate(date: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
}

/** The formats above on the device's clock. */
export const deviceDateFormats: DateFormats = {
  date: formatDate,
  time: formatTime,
  dateTime: formatDateTime,
  longDay: formatLongDay,
  timeRange: formatTimeRange,
  lessonTime: (start, end, now) => formatLessonTime(start, end, now),
};

/**
 * The same formats on a time zone's clock (the school's), whatever the device's zone: what a server can write. The
 * clock comes from lib/time/zoned-time; the day is the zone's calendar date at the device's noon (never skipped by a
 * DST change), written by the device formats above.
 */
export function zonedDateFormats(timeZone: string): DateFormats {
  const instant = (value: DateInput) => toDate(value).getTime();
  const day = (value: DateInput) => noonOfDate(localDate(instant(value), timeZone));
  const time = (value: DateInput) => localClock(instant(value), timeZone);
  return {
    date: (value) => formatDate(day(value)),
    time,
    dateTime: (value) => `${formatDate(day(value))} ${time(value)}`,
    longDay: (value) => formatLongDay(day(value)),
    timeRange: (start, end) => `${time(start)} - ${time(end)}`,
    lessonTime: (start, end, now) => formatLessonTime(start, end, now, timeZone),
  };
}

export const startOfSpanishWeek = (value: DateInput) => startOfWeek(toDate(value), { weekStartsOn: WEEK_STARTS_ON });
