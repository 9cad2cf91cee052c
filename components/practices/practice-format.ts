import { format } from "date-fns";
import { es } from "date-fns/locale";
import type { Practice, PracticeHistory } from "@/lib/contract/practices";
import { formatLongDay } from "@/lib/format/dates";

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase("es-ES") + text.slice(1);

/** 'YYYY-MM' → 'Mayo de 2025'. */
export function monthTitle(key: string): string {
  const [year, month] = key.split("-").map(Number) as [number, number];
  return capitalize(format(new Date(year, month - 1, 1), "MMMM 'de' yyyy", { locale: es }));
}

/** 'Lunes, 12 de mayo de 2025' (the card's weekday and date). */
export const practiceDay = (iso: string) => capitalize(formatLongDay(iso));

const KM_FORMAT = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 0 });
/** Odometer figures in Spanish: 48.210 (four-digit figures stay ungrouped, as es-ES writes them). */
export const formatKm = (km: number) => KM_FORMAT.format(km);

export const durationSeconds = (p: { start: string; end: string }) => Math.round((Date.parse(p.end) - Date.parse(p.start)) / 1000);

/** A practice in the month map, by id. */
export function findPractice(history: PracticeHistory | undefined, id: string | null): Practice | null {
  if (!history || !id) return null;
  for (const items of Object.values(history)) {
    const found = items.find((p) => p.id === id);
    if (found) return found;
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
