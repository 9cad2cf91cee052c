"use client";

import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { apiPost, type Answer, type Page } from "@/lib/api-client";
import type { notificationListSchema, notificationUnreadCountSchema } from "@/lib/contract/notifications";
import { notificationQueries } from "./queries";

type NotificationList = Answer<typeof notificationListSchema>;
type ListData = InfiniteData<Page<NotificationList>, string | null>;
type ReadBody = { ids: string[] } | { all: true };

// The list and the bell change at once (a tap must not wait for the server to clear the dot); the server's answer,
// the count still unread, then sets the bell.
function markInCache(client: QueryClient, body: ReadBody) {
  const now = new Date().toISOString();
  const isMarked = (id: string) => ("all" in body ? true : body.ids.includes(id));
  client.setQueryData<ListData>(notificationQueries.list().queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((n) => (n.readAt === null && isMarked(n.id) ? { ...n, readAt: now } : n)),
          })),
        }
      : data,
  );
  const countKey = notificationQueries.unreadCount().queryKey;
  const before = client.getQueryData(countKey);
  if (before) client.setQueryData(countKey, { count: "all" in body ? 0 : Math.max(0, before.count - body.ids.length) });
}

/** POST /api/notifications/read with `{ ids }` or `{ all: true }`. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReadBody) => apiPost<Answer<typeof notificationUnreadCountSchema>>("/notifications/read", body),
    onMutate: (body) => markInCache(client, body),
    onSuccess: (answer) => client.setQueryData(notificationQueries.unreadCount().queryKey, answer),
    onError: () => client.invalidateQueries({ queryKey: notificationQueries.all() }),
  });
}
