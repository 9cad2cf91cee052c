"use client";

import { lazy, Suspense, useState } from "react";
import type { SessionUser } from "@/lib/contract/auth";
import { ProfileSummary, TRIGGER_CLASS } from "./profile-summary";
import { ThemeToggle } from "./theme-toggle";

// The menu itself (Radix's dropdown, its popper and focus handling) is loaded when the user reaches for it, not with
// every page: it was a fifth of the signed-in shell's first-load work (issue 13). Until then the same trigger is a
// plain button, drawn by the server.
const loadDropdown = () => import("./profile-dropdown");
const ProfileDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.ProfileDropdown })));

type ProfileMenuProps = { user: SessionUser | null; isImpersonating: boolean };

export function ProfileMenu({ user, isImpersonating }: ProfileMenuProps) {
  const [isWanted, setIsWanted] = useState(false);
  const plainTrigger = (
    <button
      type="button"
      className={TRIGGER_CLASS}
      aria-haspopup="menu"
      aria-expanded={false}
      // Fetched as the pointer or focus arrives, so the menu is usually there by the click.
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setIsWanted(true)}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown") {
          event.preventDefault();
          setIsWanted(true);
        }
      }}
    >
      <ProfileSummary user={user} />
    </button>
  );
  return (
    <div className="flex items-center gap-2">
      {isWanted ? (
        <Suspense fallback={plainTrigger}>
          <ProfileDropdown user={user} isImpersonating={isImpersonating} />
        </Suspense>
      ) : (
        plainTrigger
      )}
      <ThemeToggle />
    </div>
  );
}
