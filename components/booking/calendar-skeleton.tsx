import { Skeleton } from "@/components/ui/skeleton";
import { BASE_HEIGHT_PX } from "./calendar-hours";

export function CalendarSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Cargando calendario" data-testid="calendar-skeleton">
      <div className="flex items-center justify-between">
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-7 w-56" />
        <span className="w-40" />
      </div>
      <Skeleton className="w-full rounded-lg" style={{ height: BASE_HEIGHT_PX }} />
    </div>
  );
}
