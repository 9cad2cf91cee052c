import { Badge } from "@/components/ui/badge";
import type { ReservationStatus } from "@/lib/contract/reservations";
import { DONE_LABEL, RESERVATION_STATUS_LABELS } from "@/lib/contract/constants/reservations";
import { cn } from "@/lib/utils";

// Colours follow the student calendar's (spec §2): requested amber, confirmed teal, denied red, cancelled/annulled grey;
// a lesson that took place ('Realizada') green, as practices are.
const STATUS_CLASSES: Record<ReservationStatus, string> = {
  requested: "border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200",
  confirmed: "border-teal-300 bg-teal-100 text-teal-900 dark:border-teal-700 dark:bg-teal-950 dark:text-teal-200",
  denied: "border-red-300 bg-red-100 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
  anulled: "border-zinc-300 bg-zinc-100 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300",
  cancelled: "border-zinc-300 bg-zinc-100 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300",
};
const DONE_CLASSES = "border-green-300 bg-green-100 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-200";

/** The status label; `isDone` (isLessonDone: confirmed and over) reads 'Realizada' instead of 'Confirmada'. */
export function StatusBadge({ status, isDone = false, className }: { status: ReservationStatus; isDone?: boolean; className?: string }) {
  const done = isDone && status === "confirmed";
  return (
    <Badge variant="outline" className={cn(done ? DONE_CLASSES : STATUS_CLASSES[status], className)}>
      {done ? DONE_LABEL : RESERVATION_STATUS_LABELS[status]}
    </Badge>
  );
}
