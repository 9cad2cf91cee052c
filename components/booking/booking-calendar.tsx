"use client";

import type { EventInput } from "@fullcalendar/react";
import { useMemo } from "react";
import { slotKey, type DisplayEvent } from "./selection";
import "./booking-kinds.css";
import { WeekCalendar, type WeekRange } from "./week-calendar";

type Props = {
  events: DisplayEvent[];
  /** slotKey of the slot just clicked: highlighted for 300 ms (spec §9). */
  highlightedKey: string | null;
  initialDate: Date;
  validStart: Date;
  onRangeChange: (range: WeekRange) => void;
  onSlotClick: (event: DisplayEvent) => void;
};

export function BookingCalendar({ events, highlightedKey, initialDate, validStart, onRangeChange, onSlotClick }: Props) {
  const byId = useMemo(() => new Map(events.map((e) => [e.id, e])), [events]);
  const inputs = useMemo(() => toInputs(events, highlightedKey), [events, highlightedKey]);
  return (
    <WeekCalendar
      events={inputs}
      initialDate={initialDate}
      validStart={validStart}
      onRangeChange={onRangeChange}
      onEventClick={(id) => {
        const event = byId.get(id);
        if (event && (event.kind === "available" || event.kind === "selected")) onSlotClick(event);
      }}
    />
  );
}

function toInputs(events: DisplayEvent[], highlightedKey: string | null): EventInput[] {
  return events.map((e) => {
    const isClickable = e.kind === "available" || e.kind === "selected";
    // Colours come from the kind's class (booking-kinds.css), themed for light and dark.
    return {
      id: e.id,
      title: e.title,
      start: e.start,
      end: e.end,
      interactive: isClickable,
      className: [
        `booking-event booking-event--${e.kind} booking-kind--${e.kind}`,
        isClickable ? "cursor-pointer" : "",
        slotKey(e) === highlightedKey ? "slot-highlight" : "",
      ].join(" "),
      extendedProps: { kind: e.kind },
    };
  });
}
