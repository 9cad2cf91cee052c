import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiGet, apiGetPage, apiGetRevalidated, nextPageParam, pagePath, type Answer } from "@/lib/api-client";
import type {
  notificationListSchema,
  notificationPreferencesSchema,
  notificationUnreadCountSchema,
  pushKeySchema,
} from "@/lib/contract/notifications";
import type { slotAlertListSchema } from "@/lib/contract/slot-alerts";

type UnreadCount = Answer<typeof notificationUnreadCountSchema>;

// The bell's count is polled by every signed-in page: the answer is `no-store`, so the ETag is held here, in memory,
// and a 304 (nothing new) reuses the count held with it, like the chat's polls (components/chat/queries.ts).
let heldCount: { etag: string; data: UnreadCount } | null = null;

async function readUnreadCount(signal: AbortSignal): Promise<UnreadCount> {
  const answer = await apiGetRevalidated<UnreadCount>("/notifications/unread-count", heldCount?.etag ?? null, signal);
  if (!answer.isModified) {
    if (heldCount) return heldCount.data;
    throw new Error("304 without a held answer");
  }
  heldCount = answer.etag ? { etag: answer.etag, data: answer.page.items } : null;
  return answer.page.items;
}

// Polled every 30 s while the tab is visible (TanStack pauses the interval in a hidden tab and reads again as it
// comes back), so a person sees a new notification within half a minute at the cost of one 304 per poll.
const UNREAD_POLL_MS = 30_000;

export const notificationQueries = {
  all: () => ["notifications"] as const,
  unreadCount: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), "unread-count"] as const,
      queryFn: ({ signal }) => readUnreadCount(signal),
      refetchInterval: UNREAD_POLL_MS,
      refetchIntervalInBackground: false,
      staleTime: 10_000,
      // A count is worth nothing late: one quiet retry, then the next poll.
      retry: 1,
    }),
  // Newest first, a page at a time ('Cargar más').
  list: () =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all(), "list"] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGetPage<Answer<typeof notificationListSchema>>(pagePath("/notifications", {}, pageParam), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
      staleTime: 15_000,
      refetchOnMount: "always",
    }),
  preferences: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), "preferences"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof notificationPreferencesSchema>>("/notifications/preferences", signal),
      staleTime: 60_000,
    }),
  pushKey: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), "push-key"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof pushKeySchema>>("/notifications/push/key", signal),
      staleTime: Infinity,
    }),
};

export const slotAlertQueries = {
  all: () => ["slot-alerts"] as const,
  // At most ten active alerts (the API's bound): one small list, read whole.
  list: () =>
    queryOptions({
      queryKey: slotAlertQueries.all(),
      queryFn: ({ signal }) => apiGet<Answer<typeof slotAlertListSchema>>("/student/slot-alerts", signal),
      staleTime: 30_000,
    }),
};
