import { CalendarX } from "lucide-react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { Reservation } from "@/lib/contract/reservations";
import { ReservationCard } from "./reservation-card";

const GRID = "grid gap-4 md:grid-cols-2 xl:grid-cols-3";

// Spec §9: 6 placeholders while the list loads.
export function ReservationGridSkeleton() {
  return (
    <div className={GRID} aria-busy="true" aria-label="Cargando reservas">
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} className="gap-4 py-5" data-testid="reservation-placeholder">
          <CardHeader className="flex justify-between px-5">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-5 w-20" />
          </CardHeader>
          <CardContent className="space-y-3 px-5">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

type GridProps = { reservations: Reservation[]; now: number; emptyTitle: string; emptyText: string };

export function ReservationGrid({ reservations, now, emptyTitle, emptyText }: GridProps) {
  if (reservations.length === 0) {
    return (
      <div className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed px-6 py-16 text-center">
        <CalendarX className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-lg font-semibold">{emptyTitle}</p>
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      </div>
    );
  }
  return (
    <div className={GRID}>
      {reservations.map((r) => (
        <ReservationCard key={r.id} reservation={r} now={now} />
      ))}
    </div>
  );
}
