"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { addDays } from "date-fns";
import { useEffect, useMemo, useRef, useState } from "react";
import type { Slot } from "@/lib/contract/reservations";
import { bookingQueries, type CalendarSource } from "./queries";
import { displayEvents, slotKey } from "./selection";

const HIGHLIGHT_MS = 300; // spec §9: slot highlight 300 ms

/** The week's events for one instructor and duration, merged with the selection, plus the click highlight. */
export function useSlotCalendar(
  instructorId: string,
  durationSeconds: number | null,
  weekStart: Date,
  selection: Slot[],
  source: CalendarSource = bookingQueries.calendar,
) {
  const range = { start: weekStart.toISOString(), end: addDays(weekStart, 7).toISOString() };
  const query = useQuery({
    ...source({ instructorId, durationSeconds: durationSeconds ?? 0, ...range }),
    enabled: durationSeconds !== null,
    placeholderData: keepPreviousData,
  });
  const events = useMemo(() => displayEvents(query.data ?? [], selection), [query.data, selection]);

  const [highlightedKey, setHighlightedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const highlight = (slot: Slot) => {
    if (timer.current) clearTimeout(timer.current);
    setHighlightedKey(slotKey(slot));
    timer.current = setTimeout(() => setHighlightedKey(null), HIGHLIGHT_MS);
  };

  return { query, events, highlightedKey, highlight };
}
