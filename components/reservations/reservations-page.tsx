"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorText } from "@/lib/api-client";
import { reservationQueries } from "./queries";
import { ReservationFilters } from "./reservation-filters";
import { ReservationGrid, ReservationGridSkeleton } from "./reservation-grid";
import { applyFilters, filterOptions, NO_FILTERS, splitByTime } from "./reservation-lists";
import { useNow } from "./use-now";

export function ReservationsPage() {
  const { data, error, isPending } = useQuery(reservationQueries.list());
  const [filters, setFilters] = useState(NO_FILTERS);
  const now = useNow();
  const options = useMemo(() => filterOptions(data ?? []), [data]);
  const { upcoming, previous } = useMemo(() => splitByTime(applyFilters(data ?? [], filters), now), [data, filters, now]);

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

      <Tabs defaultValue="upcoming" className="gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList className="h-auto flex-wrap">
            <TabsTrigger value="upcoming">Próximas reservas ({upcoming.length})</TabsTrigger>
            <TabsTrigger value="previous">Reservas anteriores ({previous.length})</TabsTrigger>
          </TabsList>
          <ReservationFilters {...options} value={filters} onChange={setFilters} />
        </div>
        {isPending ? (
          <ReservationGridSkeleton />
        ) : error && !data ? (
          <Alert variant="destructive">
            <AlertDescription>{errorText(error)}</AlertDescription>
          </Alert>
        ) : (
          <>
            <TabsContent value="upcoming">
              <ReservationGrid
                reservations={upcoming}
                emptyTitle="No hay reservas próximas"
                emptyText="Tus reservas futuras aparecerán aquí"
              />
            </TabsContent>
            <TabsContent value="previous">
              <ReservationGrid
                reservations={previous}
                emptyTitle="No hay reservas anteriores"
                emptyText="Tus reservas anteriores aparecerán aquí"
              />
            </TabsContent>
          </>
        )}
      </Tabs>
    </div>
  );
}
