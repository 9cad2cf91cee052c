"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { addDays } from "date-fns";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorText } from "@/lib/api-client";
import type { InstructorCalendarEvent } from "@/lib/contract/instructor";
import { formatLongDay, formatTimeRange, startOfSpanishWeek } from "@/lib/format/dates";
import { CalendarSkeleton } from "@/components/booking/calendar-skeleton";
import type { WeekRange } from "@/components/booking/week-calendar";
import { CalendarLegend } from "@/components/calendar/calendar-legend";
import { CalendarPanel } from "@/components/calendar/calendar-panel";
import { AgendaSlot } from "@/components/calendar/agenda-slot";
import { useAgenda } from "@/components/calendar/use-agenda";
import { useCalendarView } from "@/components/calendar/use-calendar-view";
import { useTimeZone } from "@/components/shell/use-time-zone";
import { useNow } from "@/components/reservations/use-now";
import { INSTRUCTOR_LEGEND, eventLabel } from "./instructor-calendar-colors";
import { InstructorAgenda } from "./instructor-agenda";
import { instructorQueries } from "./queries";

const InstructorCalendar = dynamic(() => import("./instructor-calendar").then((m) => m.InstructorCalendar), {
  ssr: false,
  loading: () => <CalendarSkeleton />,
});

const weekOf = (day: Date): WeekRange => {
  const start = startOfSpanishWeek(day);
  return { start, end: addDays(start, 7) };
};

/** A link's ?date=YYYY-MM-DD (tomorrow's agenda notification), if it is a real date. */
function linkedDay(value: string | null): WeekRange | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const start = new Date(y, m - 1, d);
  return start.getMonth() === m - 1 && start.getDate() === d ? { start, end: addDays(start, 1) } : null;
}

// The grid reopens (after the agenda) on the dates it last showed: the middle of a month's six weeks is in that month.
const middleOf = (range: WeekRange) => new Date((range.start.getTime() + range.end.getTime()) / 2);

// /instructor/calendar: the agenda on a phone (today's and the coming lessons first), this week elsewhere; month,
// week and day a tap away. The grid asks for its opening week before its code has arrived.
export function InstructorCalendarPage() {
  const timeZone = useTimeZone();
  const [view, setView] = useCalendarView("timeGridWeek");
  const isGrid = view !== null && view !== "agenda";
  // A notification's link (?date=) opens that day's grid, on a phone too.
  const dateParam = useSearchParams().get("date");
  const [range, setRange] = useState(() => linkedDay(dateParam) ?? weekOf(new Date()));
  useEffect(() => {
    if (linkedDay(dateParam)) setView("timeGridDay");
  }, [dateParam, setView]);
  const [selected, setSelected] = useState<InstructorCalendarEvent | null>(null);
  const now = useNow();
  const grid = useQuery({
    ...instructorQueries.calendar(range.start.toISOString(), range.end.toISOString()),
    enabled: isGrid,
    placeholderData: keepPreviousData,
  });
  const agenda = useAgenda(instructorQueries.calendar, timeZone, view === "agenda");
  const shown = view === "agenda" ? agenda : grid;
  const showRange = (next: WeekRange) =>
    setRange((current) => (current.start.getTime() === next.start.getTime() && current.end.getTime() === next.end.getTime() ? current : next));

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Mi calendario</h1>
        <p className="text-muted-foreground">Tus reservas y tu disponibilidad semana a semana</p>
      </div>
      <CalendarPanel
        testId="instructor-calendar"
        view={view}
        onViewChange={setView}
        legend={<CalendarLegend entries={INSTRUCTOR_LEGEND} />}
        isFetching={shown.isFetching && !shown.isPending}
        notice={
          shown.error && !(view === "agenda" ? agenda.days.length : grid.data) ? (
            <Alert variant="destructive">
              <AlertDescription>{`Error al cargar el calendario: ${errorText(shown.error)}`}</AlertDescription>
            </Alert>
          ) : null
        }
      >
        {!isGrid ? (
          <AgendaSlot view={view}>
            <InstructorAgenda agenda={agenda} timeZone={timeZone} onSelect={setSelected} />
          </AgendaSlot>
        ) : grid.data ? (
          <InstructorCalendar view={view} events={grid.data} initialDate={middleOf(range)} onRangeChange={showRange} onReservationClick={setSelected} />
        ) : grid.error ? null : (
          <CalendarSkeleton />
        )}
      </CalendarPanel>
      <Dialog open={selected !== null} onOpenChange={(open) => !open && setSelected(null)}>
        <DialogContent>
          {selected ? (
            <>
              <DialogHeader>
                <DialogTitle>{selected.studentName ?? selected.title}</DialogTitle>
                <DialogDescription>{eventLabel(selected, now)}</DialogDescription>
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
