import { format, startOfWeek } from "date-fns";
import { es } from "date-fns/locale";
import { localClock, localDate } from "@/lib/time/zoned-time";

// Spanish locale, weeks from Monday (spec §1, §9).
export const WEEK_STARTS_ON = 1 as const;

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** dd/MM/yyyy */
export const formatDate = (value: DateInput) => format(toDate(value), "dd/MM/yyyy", { locale: es });
/** HH:mm */
export const formatTime = (value: DateInput) => format(toDate(value), "HH:mm", { locale: es });
/** dd/MM/yyyy HH:mm */
export const formatDateTime = (value: DateInput) => format(toDate(value), "dd/MM/yyyy HH:mm", { locale: es });
/** 'lunes, 12 de mayo de 2025' style long day, for summaries. */
export const formatLongDay = (value: DateInput) => format(toDate(value), "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });
/** 'HH:mm - HH:mm' */
export const formatTimeRange = (start: DateInput, end: DateInput) => `${formatTime(start)} - ${formatTime(end)}`;

export type DateFormats = {
  date: (value: DateInput) => string;
  time: (value: DateInput) => string;
  dateTime: (value: DateInput) => string;
  longDay: (value: DateInput) => string;
  timeRange: (start: DateInput, end: DateInput) => string;
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
  };
}

export const startOfSpanishWeek = (value: DateInput) => startOfWeek(toDate(value), { weekStartsOn: WEEK_STARTS_ON });
