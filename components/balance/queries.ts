import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { balanceHistorySchema, balanceSchema } from "@/lib/contract/balance";

// Spec §9 (both documents): balance fresh for 30 seconds and always refetched on mount; the movements alike.
const BALANCE_STALE_MS = 30_000;

export const balanceQueries = {
  all: () => ["balance"] as const,
  balance: () =>
    queryOptions({
      queryKey: [...balanceQueries.all(), "current"] as const,
      queryFn: ({ signal }) => apiGet("/student/balance", balanceSchema, signal),
      staleTime: BALANCE_STALE_MS,
      refetchOnMount: "always",
    }),
  history: () =>
    queryOptions({
      queryKey: [...balanceQueries.all(), "history"] as const,
      queryFn: ({ signal }) => apiGet("/student/balance/history", balanceHistorySchema, signal),
      staleTime: BALANCE_STALE_MS,
      refetchOnMount: "always",
    }),
};
