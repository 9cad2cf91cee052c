"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { SessionUser } from "@/lib/contract/auth";
import { cn } from "@/lib/utils";
import { activeItem, type NavItem } from "./nav-config";
import type { NavIcons } from "./nav-icons";
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

type LinkOrAnchorProps = React.ComponentProps<"a"> & { href: string; isExternal: boolean };

// External items (the main product root) are full page loads, outside the client router. Menu links are not
// prefetched: every page is dynamic and has no loading state, so a prefetch brought nothing to show early, and it cost
// each page view one server render per menu item (issue 13).
function LinkOrAnchor({ isExternal, href, ...props }: LinkOrAnchorProps) {
  return isExternal ? <a href={href} {...props} /> : <Link href={href} prefetch={false} {...props} />;
}

export function Sidebar({ items, icons, pathname, isOpen, user, isImpersonating, headerLogo, tenantName, onNavigate }: SidebarProps) {
  const current = activeItem(items, pathname);
  return (
    <aside
      id="app-sidebar"
      aria-label="Navegación"
      className={cn(
        "fixed inset-y-0 left-0 z-40 flex w-[280px] flex-col border-r bg-sidebar text-sidebar-foreground transition-transform lg:translate-x-0",
        isOpen ? "translate-x-0 shadow-xl" : "-translate-x-full",
      )}
    >
      <div className="flex h-16 items-center border-b px-4">
        {headerLogo ? (
          // Lazy: on a phone the sidebar is off-screen until opened, and an eager <img> made React hint a preload that
          // went out ahead of the stylesheet on some pages (their first paint came ~0.3 s later in Lighthouse's 4G).
          // eslint-disable-next-line @next/next/no-img-element -- tenant logos are arbitrary URLs
          <img
            src={headerLogo}
            alt={tenantName}
            loading="lazy"
            decoding="async"
            className="h-10 max-w-full rounded-md object-contain dark:bg-white dark:px-2"
          />
        ) : (
          <span className="text-lg font-semibold">{tenantName}</span>
        )}
      </div>
      <div className="border-b p-3">
        <ProfileMenu user={user} isImpersonating={isImpersonating} />
      </div>
      <nav className="flex-1 overflow-y-auto p-3">
        <h2 className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Navegación</h2>
        <ul className="space-y-1">
          {items.map((item) => {
            const isActive = item === current;
            return (
              <li key={item.to + item.name}>
                <LinkOrAnchor
                  href={item.to}
                  isExternal={!!item.isExternalLink}
                  onClick={onNavigate}
                  aria-current={isActive ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
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
          })}
        </ul>
      </nav>
    </aside>
  );
}
