"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
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
import { Pager } from "./pager";
import { AUDIT_ACTORS, AUDIT_PAGE_SIZE, adminQueries } from "./queries";

export function AuditLog() {
  const [filters, setFilters] = useState({ action: "", actorId: "", from: "", to: "" });
  const admins = useQuery(adminQueries.users(AUDIT_ACTORS));
  const [pageOf, setPageOf] = useState({ key: "", page: 1 });
  const key = JSON.stringify(filters);
  const page = pageOf.key === key ? pageOf.page : 1;
  const { data, isPending, error, isPlaceholderData } = useQuery(
    adminQueries.audit({ action: filters.action || undefined, actorId: filters.actorId || undefined, from: filters.from || undefined, to: filters.to || undefined, page, limit: AUDIT_PAGE_SIZE }),
  );
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
            {sortByLabel(data?.actions ?? []).map((a) => (
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
      {error ? (
        <ErrorState message={errorText(error)} />
      ) : isPending ? (
        <ListSkeleton rows={5} className="h-10" />
      ) : data.data.length === 0 ? (
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
              {data.data.map((entry) => {
                const actingAs = actingAsName(entry);
                return (
                  <TableRow key={entry.id}>
                    <TableCell className="whitespace-nowrap">{formats.dateTime(entry.createdAt)}</TableCell>
                    <TableCell>
                      {entry.actor?.name ?? "Sistema"}
                      {actingAs ? <span className="block text-xs text-muted-foreground">como {actingAs}</span> : null}
                    </TableCell>
                    <TableCell>{actionLabel(entry.action)}</TableCell>
                    <TableCell className="max-w-md min-w-48 text-sm whitespace-normal text-muted-foreground">{describeEntry(entry, formats)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Pager pagination={data.pagination} onPage={(p) => setPageOf({ key, page: p })} />
        </div>
      )}
    </>
  );
}
