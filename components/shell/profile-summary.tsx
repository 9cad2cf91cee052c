"use client";

import { ChevronsUpDown } from "lucide-react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import type { SessionUser } from "@/lib/contract/auth";
import { useAfterLoad } from "./after-load";
import { useProfile } from "./use-session";

export const TRIGGER_CLASS =
  "flex min-w-0 flex-1 items-center gap-3 rounded-md p-2 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

/** What the trigger shows: avatar, name and user name; its accessible name starts with them (WCAG 2.5.3). */
export function ProfileSummary({ user }: { user: SessionUser | null }) {
  // The session (read by the server for this page) gives the name at once; the profile adds the user name, read after
  // the page's load (after-load.ts).
  const { data: profile } = useProfile({ enabled: useAfterLoad() });
  const name = profile?.name ?? user?.name ?? "";
  return (
    <>
      <Avatar className="size-10" aria-hidden>
        <AvatarImage src={profile?.profileImage ?? user?.profileImage ?? undefined} alt="" />
        <AvatarFallback>{initials(name) || "?"}</AvatarFallback>
      </Avatar>
      <span className="min-w-0 flex-1">
        {/* Two lines before clamping: full names with two surnames rarely fit on one line of the sidebar. */}
        <span className="line-clamp-2 text-sm leading-snug font-semibold break-words" data-testid="profile-name">
          {name}
        </span>
        <span className="block truncate text-xs text-muted-foreground">{profile?.username ?? ""}</span>
        <span className="sr-only"> (Menú de usuario)</span>
      </span>
      <ChevronsUpDown className="size-4 text-muted-foreground" aria-hidden />
    </>
  );
}
