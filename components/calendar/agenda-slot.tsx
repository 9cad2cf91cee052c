"use client";

import { CalendarSkeleton } from "@/components/booking/calendar-skeleton";
import type { CalendarView } from "./view-switcher";

/**
 * Where a calendar's agenda goes (issue 28 §8). Before the page is live the screen is unknown (useCalendarView gives
 * null): the agenda, whose first block of days the server read with the page, is drawn for a phone, and a wider screen
 * sees the grid's skeleton in its place until the grid is chosen. On a phone the agenda is thus in the first paint
 * instead of after the page is live and its read has come back. The agenda keeps its place in the tree when the view
 * is chosen, so it is not drawn twice.
 */
export function AgendaSlot({ view, children }: { view: CalendarView | null; children: React.ReactNode }) {
  return (
    <>
      <div className={view === null ? "sm:hidden" : undefined}>{children}</div>
      {view === null ? (
        <div className="hidden sm:block">
          <CalendarSkeleton />
        </div>
      ) : null}
    </>
  );
}
