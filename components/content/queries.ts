import { queryOptions } from "@tanstack/react-query";
import { apiGet, type Answer } from "@/lib/api-client";
import type { adminContentListSchema, studentContentSchema } from "@/lib/contract/content";

export const contentQueries = {
  all: () => ["content"] as const,
  student: () =>
    queryOptions({
      queryKey: [...contentQueries.all(), "student"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof studentContentSchema>>("/student/content", signal),
      staleTime: 5 * 60_000,
    }),
  library: () =>
    queryOptions({
      queryKey: [...contentQueries.all(), "library"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof adminContentListSchema>>("/administrator/content", signal),
      // Fresh for 30 s: the office's own changes invalidate it (add, reorder, delete); the first view is not read again.
      staleTime: 30_000,
    }),
};
