import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiGet, apiGetPage, nextPageParam, pagePath, type Answer } from "@/lib/api-client";
import type {
  balanceHistorySchema,
  balanceSchema,
  deskStudentDetailSchema,
  deskStudentListSchema,
} from "@/lib/contract/balance";

// Spec §9 (both documents): balance fresh for 30 seconds and always refetched on mount; the movements alike.
const BALANCE_STALE_MS = 30_000;

export const balanceQueries = {
  all: () => ["balance"] as const,
  balance: () =>
    queryOptions({
      queryKey: [...balanceQueries.all(), "current"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof balanceSchema>>("/student/balance", signal),
      staleTime: BALANCE_STALE_MS,
      refetchOnMount: "always",
    }),
  // Read a page at a time, newest first ('Cargar más' reads older ones).
  history: () =>
    infiniteQueryOptions({
      queryKey: [...balanceQueries.all(), "history"] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGetPage<Answer<typeof balanceHistorySchema>>(pagePath("/student/balance/history", {}, pageParam), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
      staleTime: BALANCE_STALE_MS,
      refetchOnMount: "always",
    }),
};

// The school's balance desk (administrator).
export const deskQueries = {
  all: () => ["balance-desk"] as const,
  // The desk's students by name, a page at a time ('Cargar más'); the search runs on the server.
  students: (search: string) =>
    infiniteQueryOptions({
      queryKey: [...deskQueries.all(), "students", search] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGetPage<Answer<typeof deskStudentListSchema>>(pagePath("/administrator/balances/students", { search }, pageParam), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
      staleTime: 15_000,
      placeholderData: keepPreviousData,
    }),
  student: (id: string) =>
    queryOptions({
      queryKey: [...deskQueries.all(), "student", id] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof deskStudentDetailSchema>>(`/administrator/balances/students/${encodeURIComponent(id)}`, signal),
      staleTime: 15_000,
      retry: false,
    }),
};
