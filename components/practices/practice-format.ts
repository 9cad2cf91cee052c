import type { InstructorPractice, Practice, PracticeHistory } from "@/lib/contract/practices";
import type { InfiniteData } from "@tanstack/react-query";
import type { Page } from "@/lib/api-client";
import { formatDate, formatLongDay, formatMonth, noonOfDate } from "@/lib/format/dates";

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase("es-ES") + text.slice(1);

/** 'YYYY-MM' → 'Mayo de 2025'. */
export function monthTitle(key: string): string {
  const [year, month] = key.split("-").map(Number) as [number, number];
  return capitalize(formatMonth(new Date(year, month - 1, 1)));
}

/**
 * 'Lunes, 12 de mayo de 2025': the weekday and date of an instant, in the reader's time zone, or with the long-day
 * format of `useDateFormat()` on a server-drawn screen.
 */
export const practiceDay = (iso: string, longDay: (value: string) => string = formatLongDay) => capitalize(longDay(iso));

/** The card's weekday and date from the practice's date (the school's, whatever the reader's zone): 'Lunes, 12 de
 * mayo de 2025'. */
export const practiceDate = (date: string) => capitalize(formatLongDay(noonOfDate(date)));
/** The practice's date as dd/MM/yyyy. */
export const practiceShortDate = (date: string) => formatDate(noonOfDate(date));
/** Its schedule: 'HH:mm - HH:mm'. */
export const practiceTimeRange = (p: Pick<Practice, "startTime" | "endTime">) => `${p.startTime} - ${p.endTime}`;

const KM_FORMAT = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 0 });
/** Odometer figures in Spanish: 48.210 (four-digit figures stay ungrouped, as es-ES writes them). */
export const formatKm = (km: number) => KM_FORMAT.format(km);

/** A practice in the month map (month → practice id → practice), by id. */
export function findPractice(history: PracticeHistory | undefined, id: string | null): Practice | null {
  if (!history || !id) return null;
  for (const month of Object.values(history)) {
    if (Object.hasOwn(month, id)) return month[id]!;
  }
  return null;
}

/** The `count` months up to the one of `now`, newest first, as 'YYYY-MM' (the instructor's month filter). */
export function recentMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
  });
}

/**
 * A signature the first view left out (lib/bff/server-prefetch.tsx, `lightened`): the browser is reading it. Never a
 * real value: a signature is a PNG data URL or null (none).
 */
export const SIGNATURE_TO_COME = "";

const withoutImages = <P extends Practice>(p: P): P => ({
  ...p,
  studentSignature: p.studentSignature === null ? null : SIGNATURE_TO_COME,
  instructorSignature: p.instructorSignature === null ? null : SIGNATURE_TO_COME,
});

/** The student's history without its signature images, for the page's first view. */
export function historyWithoutSignatures(history: PracticeHistory): PracticeHistory {
  return Object.fromEntries(
    Object.entries(history).map(([month, practices]) => [
      month,
      Object.fromEntries(Object.entries(practices).map(([id, p]) => [id, withoutImages(p)])),
    ]),
  );
}

/** The instructor's practices without their signature images, for the page's first view. */
export const listWithoutSignatures = (list: InstructorPractice[]): InstructorPractice[] => list.map(withoutImages);

/** A first view's lightening applied to every page of a list read a page at a time. */
export const onPages =
  <T>(lighten: (items: T) => T) =>
  (data: InfiniteData<Page<T>>): InfiniteData<Page<T>> => ({ ...data, pages: data.pages.map((p) => ({ ...p, items: lighten(p.items) })) });

/** The loaded pages of the history as one month map, newest month first (pages come newest first). */
export function mergeHistory(pages: Page<PracticeHistory>[] | undefined): PracticeHistory | undefined {
  if (!pages) return undefined;
  const out: PracticeHistory = {};
  for (const page of pages) for (const [month, practices] of Object.entries(page.items)) out[month] = { ...out[month], ...practices };
  return out;
}
