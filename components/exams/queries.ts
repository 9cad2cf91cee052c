import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiGet, apiGetPage, nextPageParam, pagePath, type Answer } from "@/lib/api-client";
import type {
  examOptionsSchema,
  examResultListSchema,
  staffExamListSchema,
  upcomingExamListSchema,
  StaffExamScope,
} from "@/lib/contract/exams";

// Spec §9: exam results fresh for 1 minute. Upcoming exams carry live places: always refetched on mount.
const ONE_MINUTE = 60_000;

export type StaffArea = "administrator" | "instructor";

export const examQueries = {
  all: () => ["exams"] as const,
  upcoming: () =>
    queryOptions({
      queryKey: [...examQueries.all(), "upcoming"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof upcomingExamListSchema>>("/student/exams/upcoming", signal),
      staleTime: 0,
    }),
  // Newest exam first, a page at a time ('Cargar más').
  results: () =>
    infiniteQueryOptions({
      queryKey: [...examQueries.all(), "results"] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGetPage<Answer<typeof examResultListSchema>>(pagePath("/student/exam-attendances", {}, pageParam), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
      staleTime: ONE_MINUTE,
    }),
  staff: (area: StaffArea, scope: StaffExamScope) =>
    queryOptions({
      queryKey: [...examQueries.all(), area, "list", scope] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof staffExamListSchema>>(`/${area}/exams?scope=${scope}`, signal),
      staleTime: 0,
    }),
  options: (area: StaffArea) =>
    queryOptions({
      queryKey: [...examQueries.all(), area, "options"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof examOptionsSchema>>(`/${area}/exams/options`, signal),
      staleTime: 5 * ONE_MINUTE,
    }),
};
