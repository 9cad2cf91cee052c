"use client";

import { useQuery } from "@tanstack/react-query";
import { chatQueries } from "@/components/chat/queries";
import type { Area } from "@/lib/session/roles";
import { useAfterLoad } from "./after-load";

// The sidebar Chat badge (spec §2): GET /api/messaging/conversations/unread-count, polled every 10 s,
// stale after 5 s, kept 30 s (chatQueries.unreadCount); first read after the page's load (after-load.ts).
export function useUnreadCount(area: Area | null): number {
  const isLoaded = useAfterLoad();
  const { data } = useQuery({ ...chatQueries.unreadCount(), enabled: area !== null && isLoaded });
  return data?.unreadCount ?? 0;
}
