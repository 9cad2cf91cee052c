"use client";

import { useState } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/ui/states";
import { PageHeader } from "@/components/shell/page-header";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorText } from "@/lib/api-client";
import { useDateFormat } from "@/components/shell/use-date-format";
import { actingAsName, describeEntry } from "./audit-details";
import { actionLabel, sortByLabel } from "./audit-labels";
import { NativeSelect } from "@/components/ui/native-select";
import { LoadMore } from "@/components/ui/load-more";
import { AUDIT_ACTORS, AUDIT_PAGE_SIZE, adminQueries } from "./queries";

export function AuditLog() {
  const [filters, setFilters] = useState({ action: "", actorId: "", from: "", to: "" });
  const admins = useQuery(adminQueries.users(AUDIT_ACTORS));
  // A page at a time, newest first; new filters start again from the newest entry.
  const { data, isPending, error, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery(
    adminQueries.audit({ action: filters.action || undefined, actorId: filters.actorId || undefined, from: filters.from || undefined, to: filters.to || undefined, limit: AUDIT_PAGE_SIZE }),
  );
  const entries = data?.pages.flatMap((p) => p.data) ?? [];
  const actions = data?.pages[0]?.actions ?? [];
  const formats = useDateFormat();
  const set = (name: keyof typeof filters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setFilters((f) => ({ ...f, [name]: e.target.value }));

  return (
    <>
      <PageHeader title="Registro de actividad" subtitle="Quién cambió qué y cuándo en la autoescuela" />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-4xl lg:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">Acción</Label>
          <NativeSelect id="audit-action" value={filters.action} onChange={set("action")}>
            <option value="">Todas las acciones</option>
            {sortByLabel(actions).map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-actor">Quién</Label>
          <NativeSelect id="audit-actor" value={filters.actorId} onChange={set("actorId")}>
            <option value="">Todos los administradores</option>
            {admins.data?.data.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">Desde</Label>
          <Input id="audit-from" type="date" value={filters.from} onChange={set("from")} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">Hasta</Label>
          <Input id="audit-to" type="date" value={filters.to} onChange={set("to")} />
        </div>
      </div>
      {error && !isFetchNextPageError ? (
        <ErrorState message={errorText(error)} />
      ) : isPending ? (
        <ListSkeleton rows={5} className="h-10" />
      ) : entries.length === 0 ? (
        <EmptyState message="No hay actividad registrada con estos filtros" />
      ) : (
        <div className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-40">Fecha</TableHead>
                <TableHead>Quién</TableHead>
                <TableHead>Acción</TableHead>
                <TableHead>Detalle</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((entry) => {
                const actingAs = actingAsName(entry);
                return (
                  <TableRow key={entry.id}>
                    <TableCell stack="title" className="whitespace-nowrap">{formats.dateTime(entry.createdAt)}</TableCell>
                    <TableCell label="Quién">
                      {entry.actor?.name ?? "Sistema"}
                      {actingAs ? <span className="block text-xs text-muted-foreground">como {actingAs}</span> : null}
                    </TableCell>
                    <TableCell label="Acción">{actionLabel(entry.action)}</TableCell>
                    <TableCell label="Detalle" className="max-w-md min-w-48 text-sm whitespace-normal text-muted-foreground max-sm:max-w-none max-sm:min-w-0">{describeEntry(entry, formats)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <LoadMore
            hasMore={hasNextPage}
            isLoading={isFetchingNextPage}
            onLoad={() => void fetchNextPage()}
            error={isFetchNextPageError ? errorText(error) : null}
          />
        </div>
      )}
    </>
  );
}
