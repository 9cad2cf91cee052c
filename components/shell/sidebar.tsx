"use client";

import Link from "next/link";
import { useState } from "react";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { Badge } from "@/components/ui/badge";
import type { SessionUser } from "@/lib/contract/auth";
import { cn } from "@/lib/utils";
import { activeItem, navGroups, type NavItem } from "./nav-config";
import type { NavIcons } from "./nav-icons";
import { LinkPendingReporter } from "./navigation-progress";
import { ProfileMenu } from "./profile-menu";

type SidebarProps = {
  items: NavItem[];
  icons: NavIcons;
  pathname: string;
  isOpen: boolean;
  user: SessionUser | null;
  isImpersonating: boolean;
  headerLogo: string | null;
  tenantName: string;
  onNavigate: () => void;
};

type LinkOrAnchorProps = React.ComponentProps<"a"> & { href: string; isExternal: boolean; isMenuOpen: boolean };

// External items (the main product root) are full page loads, outside the client router. Menu links are prefetched in
// full (the page's server render and its code, so the click needs no round trip) once a person shows they may follow
// them (issue 28 §7): the menu opened on a phone, or the pointer, a touch or the focus on an item. Not merely for being
// in view: every page is dynamic, which Next prefetches only in full, and the always-visible desktop menu would cost
// each page view one server render per item (issue 13). A navigation still under way shows navigation-progress.tsx.
function LinkOrAnchor({ isExternal, href, isMenuOpen, children, ...props }: LinkOrAnchorProps) {
  const [hasIntent, setHasIntent] = useState(false);
  if (isExternal) return <a href={href} {...props}>{children}</a>;
  const showIntent = () => setHasIntent(true);
  return (
    <Link href={href} prefetch={isMenuOpen || hasIntent} onMouseEnter={showIntent} onTouchStart={showIntent} onFocus={showIntent} {...props}>
      {children}
      <LinkPendingReporter />
    </Link>
  );
}

type NavLinkProps = { item: NavItem; icons: NavIcons; isActive: boolean; isMenuOpen: boolean; onNavigate: () => void };

function NavLink({ item, icons, isActive, isMenuOpen, onNavigate }: NavLinkProps) {
  return (
    <li>
      <LinkOrAnchor
        href={item.to}
        isExternal={!!item.isExternalLink}
        isMenuOpen={isMenuOpen}
        onClick={onNavigate}
        aria-current={isActive ? "page" : undefined}
        className={cn(
          "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors touch:min-h-11",
          isActive ? "bg-primary text-primary-foreground" : "hover:bg-accent hover:text-accent-foreground",
        )}
      >
        {icons[item.icon] ?? <span className="size-4 shrink-0" aria-hidden />}
        <span className="flex-1 truncate">{item.name}</span>
        {item.badge ? (
          <Badge variant="destructive" className="ml-auto" aria-label={`${item.badge} sin leer`}>
            {item.badge > 99 ? "99+" : item.badge}
          </Badge>
        ) : null}
      </LinkOrAnchor>
    </li>
  );
}

export function Sidebar({ items, icons, pathname, isOpen, user, isImpersonating, headerLogo, tenantName, onNavigate }: SidebarProps) {
  const current = activeItem(items, pathname);
  const groups = navGroups(items);
  return (
    <aside
      id="app-sidebar"
      aria-label="Navegación"
      className={cn(
        "fixed inset-y-0 left-0 z-40 flex w-[280px] flex-col border-r bg-sidebar text-sidebar-foreground transition-transform lg:translate-x-0",
        isOpen ? "translate-x-0 shadow-xl" : "-translate-x-full",
      )}
    >
      <div className="flex h-16 items-center gap-2 border-b px-4">
        {headerLogo ? (
          // Lazy: on a phone the sidebar is off-screen until opened, and an eager <img> made React hint a preload that
          // went out ahead of the stylesheet on some pages (their first paint came ~0.3 s later in Lighthouse's 4G).
          // eslint-disable-next-line @next/next/no-img-element -- tenant logos are arbitrary URLs
          <img
            src={headerLogo}
            alt={tenantName}
            loading="lazy"
            decoding="async"
            className="h-10 min-w-0 max-w-full rounded-md object-contain dark:bg-white dark:px-2"
          />
        ) : (
          <span className="min-w-0 flex-1 truncate text-lg font-semibold">{tenantName}</span>
        )}
        {/* On a phone the header's bell is the one (this one would sit in the closed drawer). */}
        <NotificationBell className="ml-auto hidden lg:inline-flex" />
      </div>
      <div className="border-b p-3">
        <ProfileMenu user={user} isImpersonating={isImpersonating} />
      </div>
      <nav className="flex-1 overflow-y-auto p-3">
        {groups.some((g) => g.title) ? (
          <h2 className="sr-only">Navegación</h2>
        ) : (
          <h2 className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Navegación</h2>
        )}
        <div className="space-y-4">
          {groups.map((group, index) => (
            <div key={group.title ?? index}>
              {group.title ? (
                <h3 id={`nav-group-${index}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  {group.title}
                </h3>
              ) : null}
              <ul className="space-y-1" aria-labelledby={group.title ? `nav-group-${index}` : undefined}>
                {group.items.map((item) => (
                  <NavLink key={item.to + item.name} item={item} icons={icons} isActive={item === current} isMenuOpen={isOpen} onNavigate={onNavigate} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>
    </aside>
  );
}
