"use client";

import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useAfterLoad } from "@/components/shell/after-load";
import { cn } from "@/lib/utils";
import { badgeText, bellLabel } from "./notification-texts";
import { notificationQueries } from "./queries";

export const NOTIFICATIONS_PATH = "/notificaciones";

// The shell's bell: the unread count (GET /api/notifications/unread-count, polled with ETag/304 while the tab is
// visible) and the way to the list. A 44 px target; its name carries the count ('Notificaciones, 3 sin leer').
export function NotificationBell({ className }: { className?: string }) {
  // First read after the page's load (components/shell/after-load.ts), then polled.
  const { data } = useQuery({ ...notificationQueries.unreadCount(), enabled: useAfterLoad() });
  const count = data?.count ?? 0;
  const isCurrent = usePathname() === NOTIFICATIONS_PATH;
  return (
    <Link
      href={NOTIFICATIONS_PATH}
      prefetch={false}
      aria-label={bellLabel(count)}
      aria-current={isCurrent ? "page" : undefined}
      data-testid="notification-bell"
      className={cn(
        "relative inline-flex size-11 shrink-0 items-center justify-center rounded-md outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
        isCurrent && "bg-accent text-accent-foreground",
        className,
      )}
    >
      <Bell className="size-5" aria-hidden />
      {count > 0 ? (
        <span
          data-testid="notification-badge"
          className="absolute top-1 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-semibold text-white tabular-nums ring-2 ring-background dark:bg-red-600"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
