"use client";

import { useEffect, useState } from "react";
import type { CalendarView, GridView } from "./view-switcher";

// Below Tailwind's `sm` breakpoint: a phone held upright.
const PHONE_QUERY = "(max-width: 639px)";

/**
 * The view a calendar opens on: the agenda on a phone (a month's 43×16 px chips or a week panned sideways are
 * unreadable there), `wideView` on a wider screen. Null until the page is live: the server cannot know the screen.
 */
export function useCalendarView(wideView: GridView) {
  const [view, setView] = useState<CalendarView | null>(null);
  useEffect(() => setView((current) => current ?? (window.matchMedia(PHONE_QUERY).matches ? "agenda" : wideView)), [wideView]);
  return [view, setView] as const;
}
