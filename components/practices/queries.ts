import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { calendarFeedSchema, studentCalendarSchema } from "@/lib/contract/calendar";
import {
  pendingPracticeListSchema,
  instructorPracticeListSchema,
  practiceHistorySchema,
  practiceVehicleListSchema,
  type InstructorPracticesQuery,
} from "@/lib/contract/practices";

const ONE_MINUTE = 60_000;

export const practiceQueries = {
  all: () => ["practices"] as const,
  // Spec §9: practice history fresh for 5 minutes, refetched on mount.
  history: () =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "history"] as const,
      queryFn: ({ signal }) => apiGet("/student/practices/history", practiceHistorySchema, signal),
      staleTime: 5 * ONE_MINUTE,
      refetchOnMount: "always",
    }),
  calendar: (start: string, end: string) =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "calendar", start, end] as const,
      queryFn: ({ signal }) => apiGet(`/student/calendar?${new URLSearchParams({ start, end })}`, studentCalendarSchema, signal),
      staleTime: ONE_MINUTE,
    }),
  feed: () =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "feed"] as const,
      queryFn: ({ signal }) => apiGet("/student/calendar/feed", calendarFeedSchema, signal),
      staleTime: 5 * ONE_MINUTE,
    }),
  instructorList: (filter: InstructorPracticesQuery) =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "instructor", "list", filter.studentId ?? "", filter.month ?? ""] as const,
      queryFn: ({ signal }) => {
        const params = new URLSearchParams();
        if (filter.studentId) params.set("studentId", filter.studentId);
        if (filter.month) params.set("month", filter.month);
        return apiGet(`/instructor/practices?${params}`, instructorPracticeListSchema, signal);
      },
      staleTime: ONE_MINUTE,
    }),
  pending: () =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "instructor", "pending"] as const,
      queryFn: ({ signal }) => apiGet("/instructor/practices/pending", pendingPracticeListSchema, signal),
      staleTime: ONE_MINUTE,
    }),
  vehicles: () =>
    queryOptions({
      queryKey: [...practiceQueries.all(), "instructor", "vehicles"] as const,
      queryFn: ({ signal }) => apiGet("/instructor/vehicles", practiceVehicleListSchema, signal),
      staleTime: 5 * ONE_MINUTE,
    }),
};
