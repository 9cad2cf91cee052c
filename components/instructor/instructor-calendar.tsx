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
import "@/components/practices/student-calendar.css";
import { useEffect, useMemo, useRef, useState } from "react";
import { WIDE_VIEW_CLASS, visibleHours } from "@/components/booking/calendar-hours";
import { afterNextPaint } from "@/components/calendar/after-next-paint";
import { EVENT_INNER_CLASS, EVENT_SHORT_HEIGHT_PX, EVENT_TITLE_CLASS, WRAPPING_TITLE_CLASS, eventTimeClass } from "@/components/booking/event-layout";
import type { GridView } from "@/components/calendar/view-switcher";
import type { WeekRange } from "@/components/booking/week-calendar";
import type { InstructorCalendarEvent } from "@/lib/contract/instructor";
import { INSTRUCTOR_EVENT_STYLE } from "./instructor-calendar-colors";

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin, breezyTheme];
// The views are switched above the calendar (components/calendar/view-switcher.tsx), the agenda among them.
const TOOLBAR = { start: "prev,next today", center: "title", end: "" };
const TIME_FORMAT = { hour: "2-digit", minute: "2-digit", hour12: false } as const;
const viewClass = ({ view }: { view: { type: string } }) => (view.type === "timeGridWeek" ? WIDE_VIEW_CLASS : "");

type Props = {
  view: GridView;
  events: InstructorCalendarEvent[];
  initialDate: Date;
  onRangeChange: (range: WeekRange) => void;
  onReservationClick: (event: InstructorCalendarEvent) => void;
};

// The instructor's grid: Mes, Semana, Día (`view`, switched from the page). The week and the day keep the booking
// calendar's layout (spec §9: 30-minute slots labelled hourly, 07:00-22:00 extended to fit, 750 px scaled; the time
// above the label) with the availability as background; the month lists the lessons only.
export function InstructorCalendar({ view, events, initialDate, onRangeChange, onReservationClick }: Props) {
  const calendar = useRef<CalendarRef>(null);
  // The view FullCalendar shows: it follows `view` once the switcher's answer is painted (afterNextPaint).
  const [shownView, setShownView] = useState(view);
  useEffect(
    () =>
      afterNextPaint(() => {
        const api = calendar.current?.getApi();
        if (api && api.view.type !== view) api.changeView(view);
        setShownView(view);
      }),
    [view],
  );
  const byId = useMemo(() => new Map(events.map((e) => [e.id, e])), [events]);
  const inputs = useMemo<EventInput[]>(
    () =>
      events
        .filter((e) => shownView !== "dayGridMonth" || e.type !== "availability")
        .map((e) => {
          const style = INSTRUCTOR_EVENT_STYLE[e.type];
          return e.type === "availability"
            ? { id: e.id, title: e.title, start: e.start, end: e.end, display: "background", color: style.color }
            : {
                id: e.id,
                title: e.studentName ?? e.title,
                start: e.start,
                end: e.end,
                color: style.color,
                contrastColor: style.text,
                // Drawn at full strength, as the student's (the theme's faint tint fails contrast).
                className: "solid-event cursor-pointer",
              };
        }),
    [events, shownView],
  );
  const hours = useMemo(() => visibleHours(events.map((e) => ({ start: e.start, end: e.end }))), [events]);
  // FullCalendar measures its header after the first paint and then moves the time grid's rows (Lighthouse: CLS 0.42).
  // The box keeps its place but stays invisible until two frames after the first dates are set.
  const [isLaidOut, setIsLaidOut] = useState(false);
  const onFirstLayout = () => requestAnimationFrame(() => requestAnimationFrame(() => setIsLaidOut(true)));
  return (
    <div className="week-calendar" style={isLaidOut ? undefined : { visibility: "hidden" }}>
      <FullCalendar
        ref={calendar}
        plugins={PLUGINS}
        initialView={view}
        locale={esLocale}
        firstDay={1}
        initialDate={initialDate}
        headerToolbar={TOOLBAR}
        // The button's text is 'Hoy' in every view: its name says so too (the locale said 'Esta semana', WCAG 2.5.3).
        todayHint="Hoy"
        viewClass={viewClass}
        allDaySlot={false}
        slotDuration="00:30:00"
        slotHeaderInterval="01:00:00"
        slotMinTime={hours.slotMinTime}
        slotMaxTime={hours.slotMaxTime}
        height={view === "dayGridMonth" ? "auto" : hours.height}
        expandRows
        eventDisplay="block"
        dayMaxEvents={3}
        eventShortHeight={EVENT_SHORT_HEIGHT_PX}
        columnEventInnerClass={(info) => (info.isShort ? "" : EVENT_INNER_CLASS)}
        columnEventTimeClass={(info) => (info.isShort ? "" : eventTimeClass(info.event.title))}
        columnEventTitleClass={(info) => (info.isShort ? EVENT_TITLE_CLASS : WRAPPING_TITLE_CLASS)}
        slotHeaderInnerClass="my-0! translate-y-2 leading-4!"
        nowIndicator
        eventTimeFormat={TIME_FORMAT}
        slotHeaderFormat={TIME_FORMAT}
        events={inputs}
        datesSet={(info) => {
          onRangeChange({ start: info.start, end: info.end });
          if (!isLaidOut) onFirstLayout();
        }}
        eventClick={(info) => {
          const event = byId.get(info.event.id);
          if (event && event.type !== "availability") onReservationClick(event);
        }}
      />
    </div>
  );
}
