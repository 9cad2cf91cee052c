"use client";

import { useQueries, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { agendaLastDay, agendaRanges, groupAgendaDays, schoolDate, type AgendaDay, type Timed } from "./agenda";

// The calendar's own query factory (practiceQueries.calendar, instructorQueries.calendar): the agenda reads the same
// cache entries' kind as the grid, a block of days per entry.
type RangeQuery<E, K extends QueryKey> = (start: string, end: string) => UseQueryOptions<E[], Error, E[], K>;

export type Agenda<E extends Timed> = {
  days: AgendaDay<E>[];
  today: string;
  lastDay: string;
  isPending: boolean;
  isLoadingMore: boolean;
  isFetching: boolean;
  error: Error | null;
  showMore: () => void;
};

/** The agenda's days from today on the school's clock, AGENDA_CHUNK_DAYS at a time ('Ver más días' adds a block). */
export function useAgenda<E extends Timed, K extends QueryKey>(rangeQuery: RangeQuery<E, K>, timeZone: string, isEnabled: boolean): Agenda<E> {
  // The moment the agenda opened: its 'today' stays put while it is on screen (its query keys with it).
  const [now] = useState(() => Date.now());
  const [blocks, setBlocks] = useState(1);
  const today = schoolDate(now, timeZone);
  const ranges = useMemo(() => agendaRanges(today, blocks, timeZone), [today, blocks, timeZone]);
  const results = useQueries({ queries: ranges.map((r) => ({ ...rangeQuery(r.start, r.end), enabled: isEnabled })) });
  // A few dozen events: grouped on every render, no memo to keep in step with the blocks.
  const days = groupAgendaDays(results.flatMap((r) => r.data ?? []), now, timeZone);
  return {
    days,
    today,
    lastDay: agendaLastDay(today, blocks),
    isPending: results[0]?.isPending ?? true,
    isLoadingMore: results.length > 1 && results.at(-1)!.isPending,
    isFetching: results.some((r) => r.isFetching),
    error: results.find((r) => r.error)?.error ?? null,
    showMore: () => setBlocks((b) => b + 1),
  };
}
