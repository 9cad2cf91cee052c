import { Badge } from "@/components/ui/badge";
import type { ReservationStatus } from "@/lib/contract/reservations";
import { RESERVATION_STATUS_LABELS } from "@/lib/contract/constants/reservations";
import { cn } from "@/lib/utils";

// Colours follow the student calendar's (spec §2): requested amber, confirmed teal, denied red, cancelled/annulled grey.
const STATUS_CLASSES: Record<ReservationStatus, string> = {
  requested: "border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200",
  confirmed: "border-teal-300 bg-teal-100 text-teal-900 dark:border-teal-700 dark:bg-teal-950 dark:text-teal-200",
  denied: "border-red-300 bg-red-100 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
  anulled: "border-zinc-300 bg-zinc-100 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300",
  cancelled: "border-zinc-300 bg-zinc-100 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300",
};

export function StatusBadge({ status, className }: { status: ReservationStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(STATUS_CLASSES[status], className)}>
      {RESERVATION_STATUS_LABELS[status]}
    </Badge>
  );
}
