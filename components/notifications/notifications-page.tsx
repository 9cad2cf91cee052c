"use client";

import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellOff, CheckCheck } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { LoadMore } from "@/components/ui/load-more";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { errorText } from "@/lib/api-client";
import { NotificationItem } from "./notification-item";
import { unreadSummary } from "./notification-texts";
import { notificationQueries } from "./queries";
import { useHydratedNow } from "./use-hydrated-now";
import { useMarkRead } from "./use-mark-read";

// /notificaciones (every role): newest first, a page at a time; a tap marks one read and opens its screen.
export function NotificationsPage() {
  const list = useInfiniteQuery(notificationQueries.list());
  const { data: unread } = useQuery(notificationQueries.unreadCount());
  const markRead = useMarkRead();
  const now = useHydratedNow();
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items), [list.data]);
  const count = unread?.count ?? items?.filter((n) => n.readAt === null).length ?? 0;
  useRefetchOnNews(unread?.count);

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Notificaciones"
        subtitle={items ? unreadSummary(count) : undefined}
        actions={
          <Button
            variant="outline"
            className="h-11 w-full sm:w-auto"
            disabled={count === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            <CheckCheck aria-hidden />
            Marcar todas como leídas
          </Button>
        }
      />
      {list.isPending ? (
        <ListSkeleton rows={5} className="h-20" />
      ) : list.error && !items ? (
        <ErrorState message={errorText(list.error)} />
      ) : !items || items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          <BellOff className="size-10" aria-hidden />
          <p className="font-medium text-foreground">No tienes notificaciones</p>
          <p className="text-sm">Aquí verás los avisos de tus reservas, exámenes, saldo y mensajes.</p>
        </div>
      ) : (
        <>
          <ul className="divide-y overflow-hidden rounded-xl border bg-card" aria-label="Notificaciones">
            {items.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                now={now}
                onOpen={() => {
                  if (n.readAt === null) markRead.mutate({ ids: [n.id] });
                }}
              />
            ))}
          </ul>
          <LoadMore
            hasMore={list.hasNextPage}
            isLoading={list.isFetchingNextPage}
            onLoad={() => void list.fetchNextPage()}
            error={list.isFetchNextPageError ? errorText(list.error) : null}
          />
        </>
      )}
    </div>
  );
}

// The bell's poll finds news while the page is open: the list reads its first pages again so the news shows on top.
function useRefetchOnNews(count: number | undefined) {
  const client = useQueryClient();
  const last = useRef(count);
  useEffect(() => {
    const before = last.current;
    last.current = count;
    if (before !== undefined && count !== undefined && count > before) {
      void client.invalidateQueries({ queryKey: notificationQueries.list().queryKey });
    }
  }, [client, count]);
}
