"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { addDays, startOfMonth, startOfWeek } from "date-fns";
import { useEffect, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { useTimeZone } from "@/components/shell/use-time-zone";
import { localDate } from "@/lib/time/zoned-time";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { errorText } from "@/lib/api-client";
import type { StudentCalendarEvent } from "@/lib/contract/calendar";
import { CalendarSkeleton } from "@/components/booking/calendar-skeleton";
import { AgendaSlot } from "@/components/calendar/agenda-slot";
import { CalendarLegend } from "@/components/calendar/calendar-legend";
import { CalendarPanel } from "@/components/calendar/calendar-panel";
import { useAgenda } from "@/components/calendar/use-agenda";
import { useCalendarView } from "@/components/calendar/use-calendar-view";
import { CALENDAR_LEGEND } from "./calendar-colors";
import { CalendarEventDialog } from "./calendar-event-dialog";
import { CalendarFeedButton } from "./calendar-feed-dialog";
import { PracticeDetailDialog } from "./practice-detail-dialog";
import { findPractice } from "./practice-format";
import { practiceQueries } from "./queries";
import { ReservationDetailDialog } from "./reservation-detail-dialog";
import { StudentAgenda } from "./student-agenda";
import type { CalendarRange } from "./student-calendar";

// FullCalendar renders in the browser only (notes/stack.md) and loads on this route only, when a grid view is shown.
const StudentCalendar = dynamic(() => import("./student-calendar").then((m) => m.StudentCalendar), {
  ssr: false,
  loading: () => <CalendarSkeleton />,
});

const isPractice = (e: StudentCalendarEvent | null) => e?.type === "practice" || e?.type === "manual_practice";

// The range the month view opens on: this month's six Monday-first weeks on the device's clock, as FullCalendar draws
// them. Asked for as soon as the page is live, while the calendar's code is still on its way, so the calendar draws
// once, with its events, instead of empty and then again (its drawing is the page's main-thread work, issue 13).
function openingRange(today: Date): CalendarRange {
  const start = startOfWeek(startOfMonth(today), { weekStartsOn: 1 });
  return { start, end: addDays(start, 42) };
}

const sameRange = (a: CalendarRange | null, b: CalendarRange) => a?.start.getTime() === b.start.getTime() && a.end.getTime() === b.end.getTime();

// /student/calendar (spec §2): the agenda on a phone, the month elsewhere; the grid's query runs for the opening month
// at once, then for whatever range the grid shows; the agenda reads its own blocks of days.
export function StudentCalendarPage() {
  const timeZone = useTimeZone();
  const [view, setView] = useCalendarView("dayGridMonth");
  const isGrid = view !== null && view !== "agenda";
  const [range, setRange] = useState<CalendarRange | null>(null);
  // On the device's clock, so after hydration (the server's clock may be another zone's).
  useEffect(() => {
    if (view === "dayGridMonth") setRange((current) => current ?? openingRange(new Date()));
  }, [view]);
  // The calendar states its range when it opens: the same one keeps the state (no second drawing).
  const showRange = (next: CalendarRange) => setRange((current) => (sameRange(current, next) ? current : next));
  const [selected, setSelected] = useState<StudentCalendarEvent | null>(null);
  const events = useQuery({
    ...practiceQueries.calendar(range?.start.toISOString() ?? "", range?.end.toISOString() ?? ""),
    enabled: isGrid && range !== null,
    placeholderData: keepPreviousData,
  });
  const agenda = useAgenda(practiceQueries.calendar, timeZone, view === "agenda");
  const shown = view === "agenda" ? agenda : events;
  // A practice opens its detail when the history has it (its month is read alone), a generic dialog otherwise.
  const practiceMonth = isPractice(selected) ? localDate(Date.parse(selected!.start), timeZone).slice(0, 7) : "";
  const history = useQuery({ ...practiceQueries.historyMonth(practiceMonth), enabled: isPractice(selected) });
  const close = () => setSelected(null);

  const reservationId = selected?.type === "reservation" ? selected.data.reservationId : null;
  const practice = isPractice(selected) ? findPractice(history.data, selected!.data.practiceId) : null;
  const isLoadingPractice = isPractice(selected) && history.isPending;
  const generic = selected && selected.type !== "reservation" && !practice && !isLoadingPractice ? selected : null;

  return (
    <div className="space-y-4">
      <PageHeader title="Mi calendario" subtitle="Visualiza todos tus eventos y actividades" actions={<CalendarFeedButton />} />
      <CalendarPanel
        testId="student-calendar"
        view={view}
        onViewChange={setView}
        legend={<CalendarLegend entries={CALENDAR_LEGEND} />}
        isFetching={shown.isFetching}
        notice={
          shown.error ? (
            <Alert variant="destructive">
              <AlertDescription>{`Error al cargar el calendario: ${errorText(shown.error)}`}</AlertDescription>
            </Alert>
          ) : null
        }
      >
        {isGrid ? (
          <StudentCalendar view={view} events={events.data ?? []} onRangeChange={showRange} onEventClick={setSelected} />
        ) : (
          <AgendaSlot view={view}>
            <StudentAgenda agenda={agenda} timeZone={timeZone} onSelect={setSelected} />
          </AgendaSlot>
        )}
      </CalendarPanel>

      <ReservationDetailDialog reservationId={reservationId} onClose={close} />
      <PracticeDetailDialog practice={practice} onClose={close} />
      <CalendarEventDialog event={generic} onClose={close} />
      <Dialog open={isLoadingPractice} onOpenChange={(open) => !open && close()}>
        <DialogContent>
          <DialogTitle>Detalles de la práctica</DialogTitle>
          <Spinner className="mx-auto size-6" />
        </DialogContent>
      </Dialog>
    </div>
  );
}
