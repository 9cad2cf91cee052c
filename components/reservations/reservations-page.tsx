"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadMore } from "@/components/ui/load-more";
import { SlotAlertsList } from "@/components/notifications/slot-alerts-list";
import { useLinkedItem } from "@/components/notifications/use-linked-item";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorText } from "@/lib/api-client";
import { countLabel } from "@/lib/contract/constants/paging";
import { reservationQueries, type RESERVATION_TABS } from "./queries";
import { ReservationFilters } from "./reservation-filters";
import { ReservationGrid, ReservationGridSkeleton } from "./reservation-grid";
import { ALL, applyFilters, countActive, filterOptions, NO_FILTERS, splitByTime } from "./reservation-lists";
import { useNow } from "./use-now";

function useTab(scope: (typeof RESERVATION_TABS)[number]) {
  const query = useInfiniteQuery(reservationQueries.list(scope));
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items), [query.data]);
  return { ...query, items, total: query.data?.pages[0]?.total ?? null };
}

function Count({ total, shown, isFiltered }: { total: number | null; shown: number; isFiltered: boolean }) {
  return <>({isFiltered || total === null ? shown : countLabel(total)})</>;
}

export function ReservationsPage() {
  const upcomingTab = useTab("upcoming");
  const previousTab = useTab("previous");
  const [filters, setFilters] = useState(NO_FILTERS);
  const now = useNow();
  const loaded = useMemo(() => [...(upcomingTab.items ?? []), ...(previousTab.items ?? [])], [upcomingTab.items, previousTab.items]);
  const options = useMemo(() => filterOptions(loaded), [loaded]);
  // Split again on this device's clock: a lesson that ends while the page is open moves to 'anteriores'.
  const { upcoming, previous } = useMemo(() => splitByTime(applyFilters(loaded, filters), now), [loaded, filters, now]);
  const isFiltered = filters.instructor !== ALL || filters.license !== ALL;
  const isPending = upcomingTab.isPending || previousTab.isPending;
  const error = (!upcomingTab.items && upcomingTab.error) || (!previousTab.items && previousTab.error);
  // Opened from a notification (?id=): that reservation's tab first, its card outlined.
  const linkedId = useLinkedItem("data-reservation-id", !isPending && !error);
  const [firstTab] = useState(() => (linkedId && previous.some((r) => r.id === linkedId) ? "previous" : "upcoming"));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Reservas</h1>
          <p className="text-muted-foreground">Gestiona tus reservas de prácticas de conducción</p>
        </div>
        <Button asChild>
          <Link href="/student/reservations/new">
            <Plus aria-hidden />
            Reservar prácticas
          </Link>
        </Button>
      </div>

      <SlotAlertsList />

      <Tabs defaultValue={firstTab} className="gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList className="h-auto flex-wrap">
            <TabsTrigger value="upcoming">
              {/* Counts what is still ahead and active; the list also shows, dimmed, the cancelled and annulled ones. */}
              Próximas reservas <Count total={upcomingTab.total} shown={countActive(upcoming)} isFiltered={isFiltered} />
            </TabsTrigger>
            <TabsTrigger value="previous">
              Reservas anteriores <Count total={previousTab.total} shown={previous.length} isFiltered={isFiltered} />
            </TabsTrigger>
          </TabsList>
          <ReservationFilters {...options} value={filters} onChange={setFilters} />
        </div>
        {isPending ? (
          <ReservationGridSkeleton />
        ) : error ? (
          <Alert variant="destructive">
            <AlertDescription>{errorText(error)}</AlertDescription>
          </Alert>
        ) : (
          <>
            <TabsContent value="upcoming">
              <ReservationGrid
                reservations={upcoming}
                now={now}
                emptyTitle="No hay reservas próximas"
                emptyText="Tus reservas futuras aparecerán aquí"
              />
              <LoadMore
                hasMore={upcomingTab.hasNextPage}
                isLoading={upcomingTab.isFetchingNextPage}
                onLoad={() => void upcomingTab.fetchNextPage()}
                error={upcomingTab.isFetchNextPageError ? errorText(upcomingTab.error) : null}
              />
            </TabsContent>
            <TabsContent value="previous">
              <ReservationGrid
                reservations={previous}
                now={now}
                emptyTitle="No hay reservas anteriores"
                emptyText="Tus reservas anteriores aparecerán aquí"
              />
              <LoadMore
                hasMore={previousTab.hasNextPage}
                isLoading={previousTab.isFetchingNextPage}
                onLoad={() => void previousTab.fetchNextPage()}
                error={previousTab.isFetchNextPageError ? errorText(previousTab.error) : null}
              />
            </TabsContent>
          </>
        )}
      </Tabs>
    </div>
  );
}
