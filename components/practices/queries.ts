import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiGet, apiGetPage, nextPageParam, pagePath, type Answer } from "@/lib/api-client";
import type { calendarFeedSchema, studentCalendarSchema } from "@/lib/contract/calendar";
import type {
  pendingPracticeListSchema,
  instructorPracticeListSchema,
  practiceHistorySchema,
  practiceVehicleListSchema,
  InstructorPracticesQuery,
} from "@/lib/contract/practices";

type InstructorPracticesFilter = Pick<InstructorPracticesQuery, "studentId" | "month">;

const ONE_MINUTE = 60_000;

export const practiceQueries = {
  all: () => ["practices"] as const,
  // Spec §9: practice history fresh for 5 minutes, refetched on mount. Read a few months at a time: each page is the
  // spec's month map, the next page's `before` month comes in X-Next-Cursor.
  history: () =>
    infiniteQueryOptions({
      queryKey: [...practiceQueries.all(), "history"] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGetPage<Answer<typeof practiceHistorySchema>>(pagePath("/student/practices/history", { before: pageParam ?? undefined }, null), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
      staleTime: 5 * ONE_MINUTE,
      refetchOnMount: "always",
    }),
  // One month of the history ('YYYY-MM'), for a practice opened from the calendar.
  historyMonth: (month: string) =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "history-month", month] as const,
      queryFn: ({ signal }) => {
        const [y, m] = month.split("-").map(Number) as [number, number];
        const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
        return apiGet<Answer<typeof practiceHistorySchema>>(`/student/practices/history?before=${next}&months=1`, signal);
      },
      staleTime: 5 * ONE_MINUTE,
    }),
  calendar: (start: string, end: string) =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "calendar", start, end] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof studentCalendarSchema>>(`/student/calendar?${new URLSearchParams({ start, end })}`, signal),
      staleTime: ONE_MINUTE,
    }),
  feed: () =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "feed"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof calendarFeedSchema>>("/student/calendar/feed", signal),
      staleTime: 5 * ONE_MINUTE,
    }),
  // Newest first, a page at a time ('Cargar más').
  instructorList: (filter: InstructorPracticesFilter) =>
    infiniteQueryOptions({
      queryKey: [...practiceQueries.all(), "instructor", "list", filter.studentId ?? "", filter.month ?? ""] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGetPage<Answer<typeof instructorPracticeListSchema>>(
          pagePath("/instructor/practices", { studentId: filter.studentId, month: filter.month }, pageParam),
          signal,
        ),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
      staleTime: ONE_MINUTE,
    }),
  pending: () =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "instructor", "pending"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof pendingPracticeListSchema>>("/instructor/practices/pending", signal),
      staleTime: ONE_MINUTE,
    }),
  vehicles: () =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "instructor", "vehicles"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof practiceVehicleListSchema>>("/instructor/vehicles", signal),
      staleTime: 5 * ONE_MINUTE,
    }),
};
