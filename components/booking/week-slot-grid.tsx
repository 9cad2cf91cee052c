"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { Slot } from "@/lib/contract/reservations";
import { startOfSpanishWeek } from "@/lib/format/dates";
import { BookingLegend } from "./booking-legend";
import { CalendarLoadError } from "./calendar-load-error";
import { CalendarSkeleton } from "./calendar-skeleton";
import type { DisplayEvent } from "./selection";
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
};

// The 'Hora' step on a wide screen: the week grid (spec §2, §4).
export function WeekSlotGrid({ instructorId, durationSeconds, selection, weekStart, onWeekChange, onToggle }: Props) {
  const calendar = useSlotCalendar(instructorId, durationSeconds, weekStart, selection);
  // No navigation to weeks before the current one (spec §4).
  const [firstWeek] = useState(() => startOfSpanishWeek(new Date()));
  const onSlotClick = (event: DisplayEvent) => {
    const slot = { start: event.start, end: event.end };
    if (onToggle(slot)) calendar.highlight(slot);
  };

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
    </>
  );
}
