import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiGet, type Answer } from "@/lib/api-client";
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
  history: () =>
    queryOptions({
      queryKey: [...balanceQueries.all(), "history"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof balanceHistorySchema>>("/student/balance/history", signal),
      staleTime: BALANCE_STALE_MS,
      refetchOnMount: "always",
    }),
};

// The school's balance desk (administrator).
export const deskQueries = {
  all: () => ["balance-desk"] as const,
  students: (search: string) =>
    queryOptions({
      queryKey: [...deskQueries.all(), "students", search] as const,
      queryFn: ({ signal }) =>
        apiGet<Answer<typeof deskStudentListSchema>>(`/administrator/balances/students${search ? `?${new URLSearchParams({ search })}` : ""}`, signal),
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
