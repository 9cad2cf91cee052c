"use client";

import {
  AlarmClock,
  Bell,
  Building2,
  CalendarCheck,
  CalendarPlus,
  CarFront,
  GraduationCap,
  MessageSquare,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import Link from "next/link";
import { useDateFormat } from "@/components/shell/use-date-format";
import type { Answer } from "@/lib/api-client";
import type { notificationSchema } from "@/lib/contract/notifications";
import { cn } from "@/lib/utils";
import { notificationFullTime, notificationTime } from "./notification-time";
import { safeLink } from "./notification-texts";

type Notification = Answer<typeof notificationSchema>;

const CATEGORY_ICONS: Record<string, LucideIcon> = {
  reservations: CalendarCheck,
  reminders: AlarmClock,
  practices: CarFront,
  exams: GraduationCap,
  balance: Wallet,
  chat: MessageSquare,
  slots: CalendarPlus,
  office: Building2,
};

type Props = { notification: Notification; now: number | null; onOpen: () => void };

// One notification. Unread ones say 'Nueva' and have a bold title and a dot: not told by colour alone (WCAG 1.4.1).
export function NotificationItem({ notification: n, now, onOpen }: Props) {
  const formats = useDateFormat();
  const isUnread = n.readAt === null;
  const Icon = CATEGORY_ICONS[n.category] ?? Bell;
  const href = safeLink(n.link);
  const content = (
    <>
      <span
        className={cn(
          "relative mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full",
          isUnread ? "bg-primary/10 text-primary dark:bg-primary/20 dark:text-foreground" : "bg-muted text-muted-foreground",
        )}
        aria-hidden
      >
        <Icon className="size-5" />
        {isUnread ? <span className="absolute -top-0.5 -right-0.5 size-3 rounded-full bg-primary ring-2 ring-card" /> : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-start justify-between gap-3">
          <span className={cn("min-w-0 break-words", isUnread ? "font-semibold" : "font-normal")}>{n.title}</span>
          {isUnread ? (
            <span className="shrink-0 rounded-full border border-primary px-2 py-0.5 text-xs font-semibold text-primary dark:border-foreground dark:text-foreground">
              Nueva
            </span>
          ) : null}
        </span>
        {n.body ? <span className="mt-0.5 block text-sm break-words text-muted-foreground">{n.body}</span> : null}
        <time dateTime={n.createdAt} title={notificationFullTime(n.createdAt)} className="mt-1 block text-xs text-muted-foreground">
          {now === null ? formats.dateTime(n.createdAt) : notificationTime(n.createdAt, now)}
        </time>
      </span>
    </>
  );
  const itemClass = cn(
    "flex w-full items-start gap-3 px-4 py-3 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset",
    isUnread ? "bg-primary/[0.04] dark:bg-primary/10" : "",
  );
  return (
    <li data-testid="notification-item" data-unread={isUnread || undefined}>
      {href ? (
        <Link href={href} prefetch={false} onClick={onOpen} className={cn(itemClass, "hover:bg-accent")}>
          {content}
        </Link>
      ) : (
        // Nothing to open: the tap only marks it read.
        <button type="button" onClick={onOpen} className={cn(itemClass, isUnread && "hover:bg-accent")}>
          {content}
        </button>
      )}
    </li>
  );
}
