"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { CalendarX } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { LoadMore } from "@/components/ui/load-more";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorText } from "@/lib/api-client";
import { countLabel } from "@/lib/contract/constants/paging";
import type { ReservationScope } from "@/lib/contract/instructor";
import { ReservationGridSkeleton } from "@/components/reservations/reservation-grid";
import { useNow } from "@/components/reservations/use-now";
import { useLinkedItem } from "@/components/notifications/use-linked-item";
import { InstructorReservationCard } from "./instructor-reservation-card";
import { instructorQueries, RESERVATION_TAB_SCOPES } from "./queries";

const TAB_TEXTS: Record<(typeof RESERVATION_TAB_SCOPES)[number], { label: string; empty: string }> = {
  pending: { label: "Pendientes", empty: "No tienes solicitudes pendientes de revisar" },
  upcoming: { label: "Próximas", empty: "No tienes reservas próximas" },
  past: { label: "Anteriores", empty: "No tienes reservas anteriores" },
};
const TABS = RESERVATION_TAB_SCOPES.map((scope) => ({ scope, ...TAB_TEXTS[scope] }));

function ScopeList({ scope, empty }: { scope: ReservationScope; empty: string }) {
  const { data: pages, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery(
    instructorQueries.reservations(scope),
  );
  const data = pages?.pages.flatMap((p) => p.items);
  const now = useNow();
  // Opened from a notification (?id=): the card, when it is in this tab, scrolled into view and outlined.
  useLinkedItem("data-reservation-id", !!data);
  if (isPending) return <ReservationGridSkeleton />;
  if (error && !data) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{errorText(error)}</AlertDescription>
      </Alert>
    );
  }
  if (!data || data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-16 text-center">
        <CalendarX className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-muted-foreground">{empty}</p>
      </div>
    );
  }
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {data.map((r) => (
          <InstructorReservationCard key={r.id} reservation={r} now={now} />
        ))}
      </div>
      <LoadMore
        hasMore={hasNextPage}
        isLoading={isFetchingNextPage}
        onLoad={() => void fetchNextPage()}
        error={isFetchNextPageError ? errorText(error) : null}
      />
    </>
  );
}

function TabCount({ scope }: { scope: ReservationScope }) {
  const { data } = useInfiniteQuery(instructorQueries.reservations(scope));
  const first = data?.pages[0];
  if (!first) return null;
  return <span className="tabular-nums">({first.total === null ? data.pages.reduce((n, p) => n + p.items.length, 0) : countLabel(first.total)})</span>;
}

// Requests waiting for a decision come first (the default tab).
export function InstructorReservationsPage() {
  const [tab, setTab] = useState<ReservationScope>("pending");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Mis reservas</h1>
        <p className="text-muted-foreground">Revisa las solicitudes de tus alumnos y gestiona tus reservas</p>
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as ReservationScope)} className="gap-4">
        <TabsList className="h-auto flex-wrap">
          {TABS.map((t) => (
            <TabsTrigger key={t.scope} value={t.scope}>
              {t.label} <TabCount scope={t.scope} />
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.scope} value={t.scope}>
            <ScopeList scope={t.scope} empty={t.empty} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
