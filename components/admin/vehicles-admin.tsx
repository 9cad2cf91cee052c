"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus, Search } from "lucide-react";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/ui/states";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorText } from "@/lib/api-client";
import type { Vehicle } from "@/lib/contract/backoffice";
import { Pager } from "./pager";
import { adminQueries } from "./queries";
import { VehicleFormDialog } from "./vehicle-form-dialog";

const PAGE_SIZE = 20;

export function VehiclesAdmin() {
  const { data, isPending, error } = useQuery(adminQueries.vehicles());
  const [query, setQuery] = useState("");
  const [pageOf, setPageOf] = useState({ query: "", page: 1 });
  const page = pageOf.query === query ? pageOf.page : 1;
  const [editing, setEditing] = useState<Vehicle | "new" | null>(null);
  const q = query.trim().toLowerCase().replace(/[\s-]/g, "");
  const filtered = (data ?? []).filter((v) => `${v.plate}${v.description ?? ""}${v.license?.name ?? ""}`.toLowerCase().replace(/[\s-]/g, "").includes(q));
  const totalPages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const rows = filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <>
      <PageHeader
        title="Vehículos"
        subtitle="La flota de la autoescuela: los vehículos activos se ofrecen al registrar una práctica"
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden />
            Nuevo vehículo
          </Button>
        }
      />
      <div className="relative mb-4 w-full sm:max-w-sm">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input type="search" aria-label="Buscar vehículos" placeholder="Buscar por matrícula, modelo o permiso" value={query} onChange={(e) => setQuery(e.target.value)} className="pl-9" />
      </div>
      {error ? (
        <ErrorState message={errorText(error)} />
      ) : isPending ? (
        <ListSkeleton rows={3} className="h-12" />
      ) : rows.length === 0 ? (
        <EmptyState message={query ? "Ningún vehículo coincide con la búsqueda" : "No hay vehículos"} />
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Matrícula</TableHead>
                <TableHead>Descripción</TableHead>
                <TableHead>Permiso</TableHead>
                <TableHead>Estado</TableHead>
                <TableHead className="text-right">Acciones</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((v) => (
                <TableRow key={v.id}>
                  <TableCell stack="title" className="font-mono font-medium">{v.plate}</TableCell>
                  <TableCell label="Descripción">{v.description}</TableCell>
                  <TableCell label="Permiso">{v.license ? `Permiso ${v.license.name}` : "—"}</TableCell>
                  <TableCell label="Estado">{v.isActive ? <Badge variant="success">Activo</Badge> : <Badge variant="outline">Inactivo</Badge>}</TableCell>
                  <TableCell stack="actions" className="text-right">
                    <Button variant="outline" size="sm" onClick={() => setEditing(v)} aria-label={`Editar vehículo ${v.plate}`}>
                      <Pencil aria-hidden />
                      Editar
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager pagination={{ page, totalPages, total: filtered.length, hasPreviousPage: page > 1, hasNextPage: page < totalPages }} onPage={(p) => setPageOf({ query, page: p })} />
        </>
      )}
      <VehicleFormDialog
        key={editing === "new" ? "new" : editing?.id}
        vehicle={editing === "new" || editing === null ? undefined : editing}
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
      />
    </>
  );
}
