"use client";

import { loadOnce } from "@/components/ui/on-demand";
import { MenuOnDemand } from "@/components/ui/menu-on-demand";
import type { SessionUser } from "@/lib/contract/auth";
import { ProfileSummary, TRIGGER_CLASS } from "./profile-summary";
import { ThemeToggle } from "./theme-toggle";

// The menu itself (Radix's dropdown, its popper and focus handling) is loaded when the user reaches for it, not with
// every page: it was a fifth of the signed-in shell's first-load work (issue 13). Until then the same trigger is a
// plain button, drawn by the server.
const dropdown = loadOnce(() => import("./profile-dropdown"));

type ProfileMenuProps = { user: SessionUser | null; isImpersonating: boolean };

export function ProfileMenu({ user, isImpersonating }: ProfileMenuProps) {
  return (
    <div className="flex items-center gap-2">
      <MenuOnDemand
        module={dropdown}
        trigger={(props) => (
          <button {...props} className={TRIGGER_CLASS}>
            <ProfileSummary user={user} />
          </button>
        )}
        menu={({ ProfileDropdown }) => <ProfileDropdown user={user} isImpersonating={isImpersonating} />}
      />
      <ThemeToggle />
    </div>
  );
}
