import { format, startOfWeek } from "date-fns";
import { es } from "date-fns/locale";

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

export const startOfSpanishWeek = (value: DateInput) => startOfWeek(toDate(value), { weekStartsOn: WEEK_STARTS_ON });
