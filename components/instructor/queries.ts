import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiGet, apiGetPage, nextPageParam, pagePath, type Answer } from "@/lib/api-client";
import type { availabilitySchema } from "@/lib/contract/availability";
import type {
  instructorCalendarSchema,
  instructorDashboardSchema,
  instructorReservationListSchema,
  instructorStudentListSchema,
  ReservationScope,
} from "@/lib/contract/instructor";

// The instructor's screens use the student side's lifetimes: reservations 1 minute (spec §9).
const ONE_MINUTE = 60_000;

// 'Mis reservas' shows these lists, one per tab, in this order (requests waiting for a decision first); the page's
// first view reads all three so every tab's count is there.
export const RESERVATION_TAB_SCOPES = ["pending", "upcoming", "past"] as const satisfies readonly ReservationScope[];

export const instructorQueries = {
  all: () => ["instructor"] as const,
  // One tab, a page at a time; its first page carries the tab's count (X-Total-Count).
  reservations: (scope: ReservationScope) =>
    infiniteQueryOptions({
      queryKey: [...instructorQueries.all(), "reservations", scope] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGetPage<Answer<typeof instructorReservationListSchema>>(pagePath("/instructor/reservations", { scope }, pageParam), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
      staleTime: ONE_MINUTE,
    }),
  dashboard: () =>
    queryOptions({
      queryKey: [...instructorQueries.all(), "dashboard"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof instructorDashboardSchema>>("/instructor/dashboard", signal),
      staleTime: ONE_MINUTE,
    }),
  calendar: (start: string, end: string) =>
    queryOptions({
      queryKey: [...instructorQueries.all(), "calendar", start, end] as const,
      queryFn: ({ signal }) =>
        apiGet<Answer<typeof instructorCalendarSchema>>(`/instructor/calendar?${new URLSearchParams({ start, end })}`, signal),
      staleTime: ONE_MINUTE,
    }),
  students: () =>
    queryOptions({
      queryKey: [...instructorQueries.all(), "students"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof instructorStudentListSchema>>("/instructor/students", signal),
      staleTime: ONE_MINUTE,
    }),
  availability: () =>
    queryOptions({
      queryKey: [...instructorQueries.all(), "availability"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof availabilitySchema>>("/instructor/availability", signal),
      staleTime: 5 * 60_000,
    }),
};
