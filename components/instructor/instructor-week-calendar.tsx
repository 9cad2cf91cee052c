"use client";

import type { EventInput } from "@fullcalendar/react";
import { useMemo } from "react";
import type { InstructorCalendarEvent } from "@/lib/contract/instructor";
import { WeekCalendar, type WeekRange } from "@/components/booking/week-calendar";

// Our colours, matching the student side: pending amber, confirmed teal, others grey; availability as background.
const COLORS: Record<InstructorCalendarEvent["type"], string> = {
  availability: "#10b981",
  "reservation-pending": "#d97706",
  "reservation-confirmed": "#0d9488",
  "reservation-other": "#9ca3af",
};

type Props = {
  events: InstructorCalendarEvent[];
  initialDate: Date;
  onRangeChange: (range: WeekRange) => void;
  onReservationClick: (event: InstructorCalendarEvent) => void;
};

export function InstructorWeekCalendar({ events, initialDate, onRangeChange, onReservationClick }: Props) {
  const byId = useMemo(() => new Map(events.map((e) => [e.id, e])), [events]);
  const inputs = useMemo<EventInput[]>(
    () =>
      events.map((e) =>
        e.type === "availability"
          ? { id: e.id, title: e.title, start: e.start, end: e.end, display: "background", color: COLORS.availability }
          : {
              id: e.id,
              title: e.studentName ?? e.title,
              start: e.start,
              end: e.end,
              color: COLORS[e.type],
              contrastColor: "#ffffff",
              className: "cursor-pointer",
            },
      ),
    [events],
  );
  return (
    <WeekCalendar
      events={inputs}
      initialDate={initialDate}
      onRangeChange={onRangeChange}
      onEventClick={(id) => {
        const event = byId.get(id);
        if (event && event.type !== "availability") onReservationClick(event);
      }}
    />
  );
}
