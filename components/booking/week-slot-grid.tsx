"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { LazySlotAlertOffer } from "@/components/notifications/lazy-slot-alert-offer";
import { weekRange } from "@/components/notifications/slot-alert-range";
import type { Slot } from "@/lib/contract/reservations";
import { formatIsoDate, startOfSpanishWeek } from "@/lib/format/dates";
import { BookingLegend } from "./booking-legend";
import { CalendarLoadError } from "./calendar-load-error";
import { CalendarSkeleton } from "./calendar-skeleton";
import type { DisplayEvent } from "./selection";
import type { CalendarSource } from "./queries";
import { useSlotCalendar } from "./use-slot-calendar";

// FullCalendar renders in the browser only (notes/stack.md: time formatting differs between Node and Chromium), and
// is fetched only when this wide-screen grid renders: the phone's picker never loads it.
const BookingCalendar = dynamic(() => import("./booking-calendar").then((m) => m.BookingCalendar), {
  ssr: false,
  loading: () => <CalendarSkeleton />,
});

type Props = {
  instructorId: string;
  durationSeconds: number;
  selection: Slot[];
  weekStart: Date;
  onWeekChange: (weekStart: Date) => void;
  /** Toggles the slot (balance rules apply); true when the selection changed. */
  onToggle: (slot: Slot) => boolean;
  /** Another week source (moving a lesson, issue 31 §5); it offers no freed-slot alert (those are the booking's). */
  source?: CalendarSource;
};

// The 'Hora' step on a wide screen: the week grid (spec §2, §4).
export function WeekSlotGrid({ instructorId, durationSeconds, selection, weekStart, onWeekChange, onToggle, source }: Props) {
  const calendar = useSlotCalendar(instructorId, durationSeconds, weekStart, selection, source);
  // No navigation to weeks before the current one (spec §4).
  const [firstWeek] = useState(() => startOfSpanishWeek(new Date()));
  const onSlotClick = (event: DisplayEvent) => {
    const slot = { start: event.start, end: event.end };
    if (onToggle(slot)) calendar.highlight(slot);
  };
  // A week without a free slot (the server's answer, not a placeholder of another week) offers a freed-slot alert.
  const isWeekFull = !source && !!calendar.query.data && !calendar.query.isPlaceholderData && !calendar.query.data.some((e) => e.type === "available");
  const alertRange = isWeekFull ? weekRange(formatIsoDate(weekStart), formatIsoDate(new Date())) : null;

  return (
    <>
      <BookingLegend />
      {calendar.query.error && !calendar.query.data ? (
        <CalendarLoadError />
      ) : calendar.query.isPending ? (
        <CalendarSkeleton />
      ) : (
        <div className="relative overflow-x-auto rounded-xl border bg-card p-2 sm:p-4">
          {calendar.query.isPlaceholderData ? (
            <div className="absolute inset-0 z-10 flex items-center justify-center bg-background/60" aria-busy="true">
              <Spinner className="size-6" />
            </div>
          ) : null}
          <BookingCalendar
            events={calendar.events}
            highlightedKey={calendar.highlightedKey}
            initialDate={weekStart}
            validStart={firstWeek}
            onRangeChange={(range) => {
              if (range.start.getTime() !== weekStart.getTime()) onWeekChange(range.start);
            }}
            onSlotClick={onSlotClick}
          />
        </div>
      )}
      {alertRange ? <LazySlotAlertOffer instructorId={instructorId} range={alertRange} period="esta semana" /> : null}
    </>
  );
}
