import { addDays } from "@/lib/time/zoned-time";

// The range of a freed-slot alert (pure, unit-tested): a day ('YYYY-MM-DD'), or a week from Monday, never before today
// (the API refuses a past start; a week already under way is asked for from today to its Sunday).

export type AlertRange = { from: string; to: string };

export const dayRange = (date: string): AlertRange => ({ from: date, to: date });

export function weekRange(monday: string, today: string): AlertRange | null {
  const sunday = addDays(monday, 6);
  if (sunday < today) return null;
  return { from: monday < today ? today : monday, to: sunday };
}

type ActiveAlert = { id: string; instructorId: string; from: string; to: string };

/** The active alert that already asks for this instructor and range (the API keeps one per range). */
export const matchingAlert = <A extends ActiveAlert>(alerts: readonly A[] | undefined, instructorId: string, range: AlertRange) =>
  alerts?.find((a) => a.instructorId === instructorId && a.from === range.from && a.to === range.to) ?? null;

const SHORT_DAYS = ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"];
const SHORT_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];
const dayText = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`);
  return `${SHORT_DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]}`;
};

/** 'lun 12 may' for a day, 'del lun 12 may al dom 18 may' for a longer range. */
export const rangeText = ({ from, to }: AlertRange) => (from === to ? dayText(from) : `del ${dayText(from)} al ${dayText(to)}`);
