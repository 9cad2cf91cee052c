"use client";

import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { FailedSignInsNotice } from "@/components/auth/failed-sign-ins-notice";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { Button } from "@/components/ui/button";
import type { SessionResponse } from "@/lib/contract/auth";
import type { TenantInfo } from "@/lib/contract/tenant";
import { primaryArea } from "@/lib/session/roles";
import { cn } from "@/lib/utils";
import { ImpersonationBanner } from "./impersonation-banner";
import { isFullWidthPath, navItemsFor } from "./nav-config";
import type { NavIcons } from "./nav-icons";
import { NavigationProgress, useSlowNavigation } from "./navigation-progress";
import { Sidebar } from "./sidebar";
import { useSession } from "./use-session";
import { useTenantInfo } from "./use-tenant-info";
import { useUnreadCount } from "./use-unread-count";

type AppShellProps = { session: SessionResponse; tenant: TenantInfo | null; navIcons: NavIcons; children: React.ReactNode };

export function AppShell({ session: initialSession, tenant: serverTenant, navIcons, children }: AppShellProps) {
  const session = useSession(initialSession);
  const { data: tenant } = useTenantInfo(serverTenant);
  const pathname = usePathname();
  const [isOpen, setIsOpen] = useState(false);
  const shellRef = useRef<HTMLDivElement>(null);
  const area = primaryArea(session.user?.roles ?? []);
  const items = navItemsFor(area, useUnreadCount(area));
  const isNavigating = useSlowNavigation();

  // The sidebar closes on route change and on a click outside it (spec §2 layout).
  useEffect(() => setIsOpen(false), [pathname]);
  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as HTMLElement;
      if (!target.closest("#app-sidebar") && !target.closest("[data-sidebar-toggle]") && !target.closest("[role=menu]")) setIsOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [isOpen]);

  const tenantName = tenant?.name ?? "";
  const isFullWidth = isFullWidthPath(pathname);
  return (
    <div ref={shellRef} className={isFullWidth ? "flex h-screen flex-col" : "min-h-screen"}>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background px-4 lg:hidden">
        <Button
          variant="ghost"
          size="icon"
          data-sidebar-toggle
          aria-controls="app-sidebar"
          aria-expanded={isOpen}
          aria-label={isOpen ? "Cerrar menú" : "Abrir menú"}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? <X className="size-5" /> : <Menu className="size-5" />}
        </Button>
        <span className="min-w-0 flex-1 truncate font-semibold">{tenantName}</span>
        <NotificationBell />
      </header>
      <Sidebar
        items={items}
        icons={navIcons}
        pathname={pathname}
        isOpen={isOpen}
        user={session.user}
        isImpersonating={session.isImpersonating}
        headerLogo={tenant?.headerLogo ?? null}
        tenantName={tenantName}
        onNavigate={() => setIsOpen(false)}
      />
      {isOpen ? <div className="fixed inset-0 z-30 bg-black/40 lg:hidden" aria-hidden /> : null}
      {session.isImpersonating && session.user ? <ImpersonationBanner name={session.user.name} /> : null}
      <FailedSignInsNotice />
      {/* Full-width pages (chat) fill what the header and the banner leave of the screen. */}
      {isNavigating ? <NavigationProgress /> : null}
      <main className={cn("lg:pl-[280px]", isFullWidth ? "min-h-0 flex-1" : "")} aria-busy={isNavigating || undefined}>
        {isFullWidth ? children : <div className="mx-auto w-full max-w-7xl p-4 sm:p-6 lg:p-8">{children}</div>}
      </main>
    </div>
  );
}
