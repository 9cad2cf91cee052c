"use client";

import FullCalendar from "@fullcalendar/react";
import type { EventClickInfo, EventInput } from "@fullcalendar/react";
import esLocale from "@fullcalendar/react/locales/es";
import interactionPlugin from "@fullcalendar/react/interaction";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import breezyTheme from "@fullcalendar/react/themes/breezy";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/breezy/theme.css";
import "@fullcalendar/react/themes/breezy/palettes/indigo.css";
import "./week-calendar.css";
import { useMemo, useState } from "react";
import { WIDE_VIEW_CLASS, visibleHours } from "./calendar-hours";
import { EVENT_INNER_CLASS, EVENT_SHORT_HEIGHT_PX, EVENT_TITLE_CLASS, WRAPPING_TITLE_CLASS, eventTimeClass } from "./event-layout";

const PLUGINS = [timeGridPlugin, interactionPlugin, breezyTheme];
const TOOLBAR = { start: "prev,next today", center: "title", end: "" };
const TIME_FORMAT = { hour: "2-digit", minute: "2-digit", hour12: false } as const;

export type WeekRange = { start: Date; end: Date };

export type WeekCalendarProps = {
  events: EventInput[];
  initialDate?: Date;
  /** The earliest day the calendar may show (navigation stops at its week). */
  validStart?: Date;
  onRangeChange: (range: WeekRange) => void;
  onEventClick?: (eventId: string, info: EventClickInfo) => void;
};

// The booking and the instructor calendars (spec §9): week view from Monday, es locale, 30-minute slots
// labelled every hour ("2 slots per step"), 07:00-22:00 extended to fit the events, height 750 px scaled.
// Render it through next/dynamic with ssr: false: Node and Chromium format times with different spaces.
export function WeekCalendar({ events, initialDate, validStart, onRangeChange, onEventClick }: WeekCalendarProps) {
  const hours = useMemo(() => visibleHours(events.map((e) => ({ start: String(e.start), end: String(e.end) }))), [events]);
  const validRange = useMemo(() => (validStart ? { start: validStart } : undefined), [validStart]);
  // FullCalendar measures its header after the first paint and then moves the time grid's rows (Lighthouse: CLS 0.42 on
  // the instructor's calendar). The box keeps its place but stays invisible until two frames after the first dates are
  // set, when that layout has settled; a shift of invisible content is no shift to the user.
  const [isLaidOut, setIsLaidOut] = useState(false);
  const onFirstLayout = () => requestAnimationFrame(() => requestAnimationFrame(() => setIsLaidOut(true)));
  return (
    // On a phone the toolbar wraps to the card's width and only the week's grid pans sideways (WIDE_VIEW_CLASS).
    <div className="week-calendar" data-testid="week-calendar" style={isLaidOut ? undefined : { visibility: "hidden" }}>
      <FullCalendar
        plugins={PLUGINS}
        initialView="timeGridWeek"
        locale={esLocale}
        firstDay={1}
        initialDate={initialDate}
        validRange={validRange}
        headerToolbar={TOOLBAR}
        // The button's text is 'Hoy': its name says so too (the locale said 'Esta semana', WCAG 2.5.3).
        todayHint="Hoy"
        allDaySlot={false}
        slotDuration="00:30:00"
        slotHeaderInterval="01:00:00"
        slotMinTime={hours.slotMinTime}
        slotMaxTime={hours.slotMaxTime}
        height={hours.height}
        expandRows
        viewClass={WIDE_VIEW_CLASS}
        eventShortHeight={EVENT_SHORT_HEIGHT_PX}
        columnEventInnerClass={(info) => (info.isShort ? "" : EVENT_INNER_CLASS)}
        columnEventTimeClass={(info) => (info.isShort ? "" : eventTimeClass(info.event.title))}
        columnEventTitleClass={(info) => (info.isShort ? EVENT_TITLE_CLASS : WRAPPING_TITLE_CLASS)}
        slotHeaderInnerClass="my-0! translate-y-2 leading-4!"
        nowIndicator
        eventTimeFormat={TIME_FORMAT}
        slotHeaderFormat={TIME_FORMAT}
        events={events}
        datesSet={(info) => {
          onRangeChange({ start: info.start, end: info.end });
          if (!isLaidOut) onFirstLayout();
        }}
        eventClick={onEventClick ? (info) => onEventClick(info.event.id, info) : undefined}
      />
    </div>
  );
}
