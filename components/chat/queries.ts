import { infiniteQueryOptions, queryOptions, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError, apiGet, apiGetPage, apiGetRevalidated, nextPageParam, type Answer, type Page } from "@/lib/api-client";
import { MESSAGES_PAGE_DEFAULT } from "@/lib/contract/constants/messaging";
import type { contactListSchema, conversationListSchema, messageListSchema, unreadCountSchema } from "@/lib/contract/messaging";
import { emptyHeld, mergeNewer, type HeldMessages } from "./held-messages";

// Spec §9: conversations and messages polled every 5 s, not in the background; the unread count every 10 s,
// stale after 5 s, kept 30 s. Personal answers are `no-store` (nothing of them on the browser's disk): the list
// and the messages are revalidated with an ETag held here, in memory, and a 304 reuses the page held with it.
const FIVE_SECONDS = 5_000;
// A screen far behind (a tab left in the background) catches up by `after` pages within one poll, this many at most;
// the next poll goes on from there.
const CATCH_UP_PAGES = 5;

type MessageList = Answer<typeof messageListSchema>;
const held = new Map<string, { url: string; etag: string; page: Page<unknown> }>();

/** GET `url` with the ETag held for `slot` (when it was for this very url); 304 answers the page held with it. */
async function revalidated<T>(slot: string, url: string, signal: AbortSignal): Promise<Page<T>> {
  const last = held.get(slot);
  const answer = await apiGetRevalidated<T>(url, last?.url === url ? last.etag : null, signal);
  if (!answer.isModified) {
    // Only ever answered to the tag sent, which was held with its page.
    if (last?.url === url) return last.page as Page<T>;
    throw new Error("304 without a held answer");
  }
  if (answer.etag) held.set(slot, { url, etag: answer.etag, page: answer.page });
  else held.delete(slot);
  return answer.page;
}

const messagesPath = (conversationId: string) => `/messaging/conversations/${encodeURIComponent(conversationId)}/messages`;

/**
 * The live end of a conversation: on first load the spec's call (no parameters), which a paging API answers with its
 * newest page and the position of the one before (X-Next-Cursor), and an API that does not page with its whole list
 * (no header: nothing older to load). Then each poll asks only for what is newer than the newest message held
 * (`after`), merged into what the cache holds when the answer lands, so messages a send added meanwhile are kept.
 */
async function readLive(client: QueryClient, queryKey: QueryKey, conversationId: string, signal: AbortSignal): Promise<HeldMessages> {
  const slot = `messages:${conversationId}`;
  const path = messagesPath(conversationId);
  const current = () => client.getQueryData<HeldMessages>(queryKey);
  const newest = current()?.messages.at(-1)?.id;
  if (!newest) {
    const page = await revalidated<MessageList>(slot, path, signal);
    return mergeNewer({ ...emptyHeld(), sent: current()?.sent ?? [], olderCursor: page.nextCursor }, page.items);
  }
  let data = current()!;
  let tail: string = newest;
  for (let i = 0; i < CATCH_UP_PAGES; i++) {
    const { items }: Page<MessageList> = await revalidated<MessageList>(slot, `${path}?after=${encodeURIComponent(tail)}`, signal);
    const before = data;
    data = mergeNewer(data, items);
    // Only a full page may have more after it. An API that ignores `after` answers its whole list again (more than a
    // page, or the same news a second time): what is new in it is merged once and the catch-up ends.
    if (items.length !== MESSAGES_PAGE_DEFAULT || data === before) break;
    tail = items.at(-1)!.id;
  }
  // Onto what the cache holds now: a send may have landed while the poll was out.
  return mergeNewer(current() ?? data, data.messages);
}

export const chatQueries = {
  all: () => ["messaging"] as const,
  conversations: () =>
    queryOptions({
      queryKey: [...chatQueries.all(), "conversations"] as const,
      queryFn: async ({ signal }) =>
        (await revalidated<Answer<typeof conversationListSchema>>("conversations", "/messaging/conversations", signal)).items,
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
      queryFn: ({ client, queryKey, signal }) => readLive(client, queryKey, conversationId, signal),
      refetchInterval: FIVE_SECONDS,
      refetchIntervalInBackground: false,
    }),
  // Pages older than the live end, loaded as the person scrolls up, from the position the newest page gave (none
  // from an API that does not page). History does not change: read once, never polled.
  olderMessages: (conversationId: string, fromCursor: string | null) =>
    infiniteQueryOptions({
      queryKey: [...chatQueries.all(), "messages", conversationId, "older", fromCursor] as const,
      queryFn: ({ pageParam, signal }) =>
        apiGetPage<MessageList>(`${messagesPath(conversationId)}?before=${encodeURIComponent(pageParam ?? "")}`, signal),
      initialPageParam: fromCursor,
      getNextPageParam: nextPageParam,
      enabled: false,
      staleTime: Infinity,
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
