import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { adminContentListSchema, studentContentSchema } from "@/lib/contract/content";

export const contentQueries = {
  all: () => ["content"] as const,
  student: () =>
    queryOptions({
      queryKey: [...contentQueries.all(), "student"] as const,
      queryFn: ({ signal }) => apiGet("/student/content", studentContentSchema, signal),
      staleTime: 5 * 60_000,
    }),
  library: () =>
    queryOptions({
      queryKey: [...contentQueries.all(), "library"] as const,
      queryFn: ({ signal }) => apiGet("/administrator/content", adminContentListSchema, signal),
    }),
};
