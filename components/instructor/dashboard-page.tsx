"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarCheck, CalendarClock, CalendarX2, Sunrise } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DaySection } from "@/components/ui/day-section";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/api-client";
import { localDate } from "@/lib/time/zoned-time";
import { useDateFormat } from "@/components/shell/use-date-format";
import { useTimeZone } from "@/components/shell/use-time-zone";
import { useNow } from "@/components/reservations/use-now";
import { practiceQueries } from "@/components/practices/queries";
import { DashboardLessonCard } from "./dashboard-lesson-card";
import { countOf } from "@/lib/format/plural";
import { dayView, tomorrowLine, type DayView } from "./dashboard-day";
import { instructorQueries } from "./queries";

const Loading = () => (
  <div className="space-y-3" aria-busy="true">
    <Skeleton className="h-28" />
    <Skeleton className="h-28" />
  </div>
);

/** The answer is read again when the school's day changes under an open page. */
function useDayRollover(today: string) {
  const client = useQueryClient();
  const seen = useRef(today);
  useEffect(() => {
    if (seen.current === today) return;
    seen.current = today;
    void client.invalidateQueries({ queryKey: instructorQueries.dashboard().queryKey });
  }, [client, today]);
}

function Day({ view }: { view: DayView }) {
  const { lessons, requests, cancellations } = view;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <DaySection
        testId="dashboard-today"
        title="Clases de hoy"
        icon={CalendarCheck}
        count={countOf(lessons.length, "clase", "clases")}
        empty="No tienes clases hoy"
        isEmpty={lessons.length === 0}
      >
        <ol className="space-y-3">
          {lessons.map(({ lesson, phase, decisions }) => (
            <DashboardLessonCard key={lesson.id} reservation={lesson} phase={phase} vehicle={lesson.vehicle} decisions={decisions} />
          ))}
        </ol>
      </DaySection>
      <div className="space-y-6">
        <DaySection
          testId="dashboard-requests"
          title="Solicitudes pendientes"
          icon={CalendarClock}
          count={countOf(requests.length, "solicitud", "solicitudes")}
          empty={lessons.some((l) => l.lesson.status === "requested") ? "No hay más solicitudes pendientes" : "No hay solicitudes de reserva pendientes"}
          isEmpty={requests.length === 0}
        >
          <ul className="space-y-3">
            {requests.map(({ reservation, decisions }) => (
              <DashboardLessonCard key={reservation.id} reservation={reservation} decisions={decisions} showDate />
            ))}
          </ul>
        </DaySection>
        <DaySection
          testId="dashboard-cancellations"
          title="Solicitudes de cancelación"
          icon={CalendarX2}
          count={countOf(cancellations.length, "solicitud", "solicitudes")}
          empty={
            lessons.some((l) => l.lesson.hasCancellationRequest)
              ? "No hay más solicitudes de cancelación pendientes"
              : "No hay solicitudes de cancelación pendientes"
          }
          isEmpty={cancellations.length === 0}
        >
          <ul className="space-y-3">
            {cancellations.map(({ reservation, decisions }) => (
              <DashboardLessonCard key={reservation.id} reservation={reservation} decisions={decisions} showDate />
            ))}
          </ul>
        </DaySection>
      </div>
    </div>
  );
}

// The instructor's day, phone first: today's lessons in order with what each one is waiting for, tomorrow's first
// lesson at a glance, and the requests to decide.
export function InstructorDashboardPage() {
  const { data, error } = useQuery(instructorQueries.dashboard());
  // The finish button reads the lessons waiting to be finished; asked for here so it is there with the day.
  useQuery(practiceQueries.pending());
  const now = useNow();
  const timeZone = useTimeZone();
  const formats = useDateFormat();
  const view = data ? dayView(data, now, timeZone) : null;
  useDayRollover(localDate(now, timeZone));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">Inicio</h1>
          <p className="text-muted-foreground first-letter:uppercase">{formats.longDay(now)}</p>
          {view ? (
            <p className="flex items-center gap-2 text-sm font-medium" data-testid="dashboard-tomorrow">
              <Sunrise className="size-4 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0 break-words tabular-nums">{tomorrowLine(view.tomorrowFirst, formats.time)}</span>
            </p>
          ) : null}
        </div>
        <Button asChild variant="outline" className="h-11 w-full sm:h-9 sm:w-auto">
          <Link href="/instructor/reservations">Ver mis reservas</Link>
        </Button>
      </div>
      {error && !data ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(error)}</AlertDescription>
        </Alert>
      ) : null}
      {view ? <Day view={view} /> : !error ? <Loading /> : null}
    </div>
  );
}
