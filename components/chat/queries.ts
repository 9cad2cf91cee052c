import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiGet, type Answer } from "@/lib/api-client";
import type {
  contactListSchema,
  conversationListSchema,
  messageListSchema,
  unreadCountSchema,
} from "@/lib/contract/messaging";

// Spec §9: conversations and messages polled every 5 s, not in the background; the unread count every 10 s,
// stale after 5 s, kept 30 s. The list and messages answer ETag + 304: apiRequest's fetch uses the browser's
// HTTP cache (no `cache: "no-store"`), which revalidates with If-None-Match and hands back a 200 from its cache.
const FIVE_SECONDS = 5_000;

export const chatQueries = {
  all: () => ["messaging"] as const,
  conversations: () =>
    queryOptions({
      queryKey: [...chatQueries.all(), "conversations"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof conversationListSchema>>("/messaging/conversations", signal),
      refetchInterval: FIVE_SECONDS,
      refetchIntervalInBackground: false,
    }),
  contacts: () =>
    queryOptions({
      queryKey: [...chatQueries.all(), "contacts"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof contactListSchema>>("/messaging/contacts", signal),
      staleTime: 60_000,
      // One quiet retry, then the error state with its 'Reintentar' (not three backed-off retries, ~14 s of "Cargando...").
      retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status < 500),
    }),
  messages: (conversationId: string) =>
    queryOptions({
      queryKey: [...chatQueries.all(), "messages", conversationId] as const,
      queryFn: ({ signal }) =>
        apiGet<Answer<typeof messageListSchema>>(`/messaging/conversations/${encodeURIComponent(conversationId)}/messages`, signal),
      refetchInterval: FIVE_SECONDS,
      refetchIntervalInBackground: false,
    }),
  unreadCount: () =>
    queryOptions({
      queryKey: [...chatQueries.all(), "unread-count"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof unreadCountSchema>>("/messaging/conversations/unread-count", signal),
      refetchInterval: 10_000,
      staleTime: 5_000,
      gcTime: 30_000,
    }),
};
