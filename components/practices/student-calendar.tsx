"use client";

import FullCalendar from "@fullcalendar/react";
import type { CalendarRef, EventInput } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import esLocale from "@fullcalendar/react/locales/es";
import interactionPlugin from "@fullcalendar/react/interaction";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import breezyTheme from "@fullcalendar/react/themes/breezy";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/breezy/theme.css";
import "@fullcalendar/react/themes/breezy/palettes/indigo.css";
import "@/components/booking/week-calendar.css";
import "./student-calendar.css";
import { useEffect, useMemo, useRef } from "react";
import { WIDE_VIEW_CLASS } from "@/components/booking/calendar-hours";
import { afterNextPaint } from "@/components/calendar/after-next-paint";
import type { GridView } from "@/components/calendar/view-switcher";
import type { StudentCalendarEvent } from "@/lib/contract/calendar";
import { textColorFor } from "./calendar-colors";

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin, breezyTheme];
// The views are switched above the calendar (components/calendar/view-switcher.tsx), the agenda among them.
const TOOLBAR = { start: "prev,next today", center: "title", end: "" };
const TIME_FORMAT = { hour: "2-digit", minute: "2-digit", hour12: false } as const;
// On a phone the month and the day fit the card; the week keeps readable columns that pan sideways under a toolbar
// that wraps to the card's width.
const viewClass = ({ view }: { view: { type: string } }) => (view.type === "timeGridWeek" ? WIDE_VIEW_CLASS : "");
// An hour's label sits centred on its line: opened exactly at 07:00 it would be cut in half. A quarter of an hour
// earlier shows it whole (docs/decisions/practices.md).
const SCROLL_TIME = "06:45:00";

export type CalendarRange = { start: Date; end: Date };

type Props = {
  view: GridView;
  events: StudentCalendarEvent[];
  onRangeChange: (range: CalendarRange) => void;
  onEventClick: (event: StudentCalendarEvent) => void;
};

// The student calendar's grid (spec §2, §9): Mes, Semana, Día (`view`, switched from the page); Monday first; opened
// at 07:00 in 30-minute slots labelled every hour (the whole day can be scrolled: docs/decisions/practices.md); 800 px
// high. Rendered client-only (next/dynamic, ssr: false), like the booking calendar.
export function StudentCalendar({ view, events, onRangeChange, onEventClick }: Props) {
  const calendar = useRef<CalendarRef>(null);
  useEffect(
    () =>
      afterNextPaint(() => {
        const api = calendar.current?.getApi();
        if (api && api.view.type !== view) api.changeView(view);
      }),
    [view],
  );
  const byId = useMemo(() => new Map(events.map((e) => [e.id, e])), [events]);
  const inputs = useMemo<EventInput[]>(
    () =>
      events.map((e) => ({
        id: e.id,
        title: e.title,
        start: e.start,
        end: e.end,
        color: e.color,
        contrastColor: textColorFor(e.color),
        interactive: true,
        className: `solid-event student-event student-event--${e.type}${e.data.status ? ` student-event--${e.data.status}` : ""} cursor-pointer`,
      })),
    [events],
  );
  return (
    <div className="week-calendar">
      <FullCalendar
        ref={calendar}
        plugins={PLUGINS}
        initialView={view}
        locale={esLocale}
        firstDay={1}
        headerToolbar={TOOLBAR}
        viewClass={viewClass}
        // The button's text is 'Hoy' in every view: its name says so too (the locale said 'Este mes', WCAG 2.5.3).
        todayHint="Hoy"
        allDaySlot={false}
        slotDuration="00:30:00"
        slotHeaderInterval="01:00:00"
        // The whole day, opened at 07:00: a lesson or event outside the usual hours (a 22:00 lesson) must still show.
        slotMinTime="00:00:00"
        slotMaxTime="24:00:00"
        scrollTime={SCROLL_TIME}
        height={800}
        eventDisplay="block"
        dayMaxEvents={3}
        nowIndicator
        eventTimeFormat={TIME_FORMAT}
        slotHeaderFormat={TIME_FORMAT}
        events={inputs}
        datesSet={(info) => onRangeChange({ start: info.start, end: info.end })}
        eventClick={(info) => {
          const event = byId.get(info.event.id);
          if (event) onEventClick(event);
        }}
      />
    </div>
  );
}
