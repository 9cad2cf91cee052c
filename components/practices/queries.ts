import { queryOptions } from "@tanstack/react-query";
import { apiGet, type Answer } from "@/lib/api-client";
import type { calendarFeedSchema, studentCalendarSchema } from "@/lib/contract/calendar";
import type {
  pendingPracticeListSchema,
  instructorPracticeListSchema,
  practiceHistorySchema,
  practiceVehicleListSchema,
  InstructorPracticesQuery,
} from "@/lib/contract/practices";

const ONE_MINUTE = 60_000;

export const practiceQueries = {
  all: () => ["practices"] as const,
  // Spec §9: practice history fresh for 5 minutes, refetched on mount.
  history: () =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "history"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof practiceHistorySchema>>("/student/practices/history", signal),
      staleTime: 5 * ONE_MINUTE,
      refetchOnMount: "always",
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
  instructorList: (filter: InstructorPracticesQuery) =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "instructor", "list", filter.studentId ?? "", filter.month ?? ""] as const,
      queryFn: ({ signal }) => {
        const params = new URLSearchParams();
        if (filter.studentId) params.set("studentId", filter.studentId);
        if (filter.month) params.set("month", filter.month);
        return apiGet<Answer<typeof instructorPracticeListSchema>>(`/instructor/practices?${params}`, signal);
      },
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
