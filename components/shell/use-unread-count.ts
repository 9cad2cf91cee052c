"use client";

import type { Area } from "@/lib/session/roles";

// The chat issue supplies the unread-count query (GET /api/messaging/conversations/unread-count, polled every 10 s).
// Until the messaging API exists there is nothing to poll, so the Chat item shows no badge.
export function useUnreadCount(area: Area | null): number {
  void area;
  return 0;
}
