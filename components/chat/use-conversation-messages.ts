"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Message } from "@/lib/contract/messaging";
import { visibleMessages } from "./held-messages";
import { chatQueries } from "./queries";
import { usePendingMessages } from "./use-chat-actions";

/**
 * A conversation as the pane draws it: the newest page, polled for what is newer, the older pages loaded on demand
 * (scrolling up; none from an API that does not page), and this screen's pending sends. The read ticks come from the
 * conversation list's partnerLastReadAt, as the spec has it. `loadOlder` is safe to call on every scroll event.
 */
export function useConversationMessages(conversationId: string, myId: string | null) {
  const live = useQuery(chatQueries.messages(conversationId));
  const older = useInfiniteQuery(chatQueries.olderMessages(conversationId, live.data?.olderCursor ?? null));
  const pending = usePendingMessages(conversationId, myId);
  const olderPages = older.data?.pages ?? [];
  const messages: Message[] = visibleMessages(olderPages.map((p) => p.items), live.data, pending);
  const hasOlder = older.data ? older.hasNextPage : Boolean(live.data?.olderCursor);
  const isLoadingOlder = older.isFetching;
  return {
    messages,
    isPending: live.isPending,
    olderPageCount: olderPages.length,
    hasOlder,
    isLoadingOlder,
    olderError: older.isError && !isLoadingOlder ? older.error : null,
    /** Answers whether a load started. */
    loadOlder: (): boolean => {
      if (!hasOlder || isLoadingOlder) return false;
      void older.fetchNextPage({ cancelRefetch: false });
      return true;
    },
  };
}
