import { format, startOfWeek } from "date-fns";
import { es } from "date-fns/locale";
import { localParts } from "@/lib/time/zoned-time";

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

/** The formats above on the device's clock. */
export const deviceDateFormats: DateFormats = {
  date: formatDate,
  time: formatTime,
  dateTime: formatDateTime,
  longDay: formatLongDay,
  timeRange: formatTimeRange,
};

const DAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];
const two = (n: number) => String(n).padStart(2, "0");

/** The same formats on a time zone's clock (the school's), whatever the device's zone: what a server can write. */
export function zonedDateFormats(timeZone: string): DateFormats {
  const parts = (value: DateInput) => localParts(toDate(value).getTime(), timeZone);
  const date = (value: DateInput) => {
    const p = parts(value);
    return `${two(p.day)}/${two(p.month)}/${p.year}`;
  };
  const time = (value: DateInput) => {
    const p = parts(value);
    return `${two(p.hour)}:${two(p.minute)}`;
  };
  return {
    date,
    time,
    dateTime: (value) => `${date(value)} ${time(value)}`,
    longDay: (value) => {
      const p = parts(value);
      return `${DAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()]}, ${p.day} de ${MONTHS[p.month - 1]} de ${p.year}`;
    },
    timeRange: (start, end) => `${time(start)} - ${time(end)}`,
  };
}

export const startOfSpanishWeek = (value: DateInput) => startOfWeek(toDate(value), { weekStartsOn: WEEK_STARTS_ON });
