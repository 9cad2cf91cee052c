"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { addDays } from "date-fns";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorText } from "@/lib/api-client";
import type { InstructorCalendarEvent } from "@/lib/contract/instructor";
import { formatLongDay, formatTimeRange, startOfSpanishWeek } from "@/lib/format/dates";
import { CalendarSkeleton } from "@/components/booking/calendar-skeleton";
import { instructorQueries } from "./queries";

const InstructorWeekCalendar = dynamic(() => import("./instructor-week-calendar").then((m) => m.InstructorWeekCalendar), {
  ssr: false,
  loading: () => <CalendarSkeleton />,
});

const TYPE_LABELS: Record<InstructorCalendarEvent["type"], string> = {
  availability: "Disponibilidad",
  "reservation-pending": "Pendiente de confirmar",
  "reservation-confirmed": "Confirmada",
  "reservation-other": "Cancelada, denegada o anulada",
};

const LEGEND: { color: string; label: string }[] = [
  { color: "#10b98140", label: "Disponibilidad" },
  { color: "#d97706", label: "Pendiente" },
  { color: "#0d9488", label: "Confirmada" },
  { color: "#9ca3af", label: "Cancelada, denegada o anulada" },
];

export function InstructorCalendarPage() {
  const [weekStart, setWeekStart] = useState(() => startOfSpanishWeek(new Date()));
  const [selected, setSelected] = useState<InstructorCalendarEvent | null>(null);
  const { data, error, isPending } = useQuery({
    ...instructorQueries.calendar(weekStart.toISOString(), addDays(weekStart, 7).toISOString()),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Mi calendario</h1>
        <p className="text-muted-foreground">Tus reservas y tu disponibilidad semana a semana</p>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {LEGEND.map((l) => (
          <li key={l.label} className="flex items-center gap-1.5">
            <span className="size-3 rounded-sm border" style={{ backgroundColor: l.color }} aria-hidden />
            {l.label}
          </li>
        ))}
      </ul>
      {error && !data ? (
        <Alert variant="destructive">
          <AlertDescription>{`Error al cargar el calendario: ${errorText(error)}`}</AlertDescription>
        </Alert>
      ) : isPending ? (
        <CalendarSkeleton />
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card p-2 sm:p-4">
          <InstructorWeekCalendar
            events={data ?? []}
            initialDate={weekStart}
            onRangeChange={(range) => {
              if (range.start.getTime() !== weekStart.getTime()) setWeekStart(range.start);
            }}
            onReservationClick={setSelected}
          />
        </div>
      )}
      <Dialog open={selected !== null} onOpenChange={(open) => !open && setSelected(null)}>
        <DialogContent>
          {selected ? (
            <>
              <DialogHeader>
                <DialogTitle>{selected.studentName ?? selected.title}</DialogTitle>
                <DialogDescription>{TYPE_LABELS[selected.type]}</DialogDescription>
              </DialogHeader>
              <p className="text-sm">
                <span className="inline-block first-letter:uppercase">{formatLongDay(selected.start)}</span>
                {" · "}
                <span className="tabular-nums">{formatTimeRange(selected.start, selected.end)}</span>
              </p>
              <DialogFooter>
                <Button asChild variant="outline">
                  <Link href="/instructor/reservations">Ver mis reservas</Link>
                </Button>
              </DialogFooter>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
