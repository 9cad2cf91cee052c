// Visible hours of the booking calendar (spec §9): 07:00 to 22:00 by default, extended to fit the events;
// base height 750 px for those 15 hours, scaled by the hours actually shown.
export const DEFAULT_FIRST_HOUR = 7;
export const DEFAULT_LAST_HOUR = 22;
export const BASE_HEIGHT_PX = 750;
// A week's grid keeps seven readable columns: narrower than its minimum width (week-calendar.css) it pans sideways
// under the toolbar, which wraps to the screen's width. FullCalendar's own dayMinWidth needs its premium scrollgrid.
export const WIDE_VIEW_CLASS = "week-calendar-view--wide";

type Timed = { start: string; end: string };

const pad = (hour: number) => `${String(hour).padStart(2, "0")}:00:00`;

/** Hours in the browser's local time, as the calendar draws them. */
export function visibleHours(events: readonly Timed[]) {
  let first = DEFAULT_FIRST_HOUR;
  let last = DEFAULT_LAST_HOUR;
  for (const e of events) {
    const start = new Date(e.start);
    const end = new Date(e.end);
    const sameDay = start.toDateString() === end.toDateString();
    first = Math.min(first, start.getHours());
    // An event ending after midnight fills its first day to the end.
    const endHour = sameDay ? end.getHours() + (end.getMinutes() > 0 || end.getSeconds() > 0 ? 1 : 0) : 24;
    last = Math.max(last, endHour);
  }
  const hours = last - first;
  return {
    slotMinTime: pad(first),
    slotMaxTime: pad(last),
    height: Math.round((BASE_HEIGHT_PX * hours) / (DEFAULT_LAST_HOUR - DEFAULT_FIRST_HOUR)),
  };
}
