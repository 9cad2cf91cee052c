import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { examOptionsSchema, examResultListSchema, staffExamListSchema, upcomingExamListSchema, type StaffExamScope } from "@/lib/contract/exams";

// Spec §9: exam results fresh for 1 minute. Upcoming exams carry live places: always refetched on mount.
const ONE_MINUTE = 60_000;

export type StaffArea = "administrator" | "instructor";

export const examQueries = {
  all: () => ["exams"] as const,
  upcoming: () =>
    queryOptions({
      queryKey: [...examQueries.all(), "upcoming"] as const,
      queryFn: ({ signal }) => apiGet("/student/exams/upcoming", upcomingExamListSchema, signal),
      staleTime: 0,
    }),
  results: () =>
    queryOptions({
      queryKey: [...examQueries.all(), "results"] as const,
      queryFn: ({ signal }) => apiGet("/student/exam-attendances", examResultListSchema, signal),
      staleTime: ONE_MINUTE,
    }),
  staff: (area: StaffArea, scope: StaffExamScope) =>
    queryOptions({
      queryKey: [...examQueries.all(), area, "list", scope] as const,
      queryFn: ({ signal }) => apiGet(`/${area}/exams?scope=${scope}`, staffExamListSchema, signal),
      staleTime: 0,
    }),
  options: (area: StaffArea) =>
    queryOptions({
      queryKey: [...examQueries.all(), area, "options"] as const,
      queryFn: ({ signal }) => apiGet(`/${area}/exams/options`, examOptionsSchema, signal),
      staleTime: 5 * ONE_MINUTE,
    }),
};
