"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Plus, Search, Trash2 } from "lucide-react";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorText } from "@/lib/api-client";
import type { AdminAssignment } from "@/lib/contract/backoffice";
import { AssignmentFormDialog } from "./assignment-form-dialog";
import { Pager } from "./pager";
import { adminQueries } from "./queries";
import { useAdminMutation } from "./use-admin-mutation";

const PAGE_SIZE = 15;
const normalize = (s: string) => s.toLowerCase().normalize("NFD").replace(/\p{Diacritic}/gu, "");

export function AssignmentsTable() {
  const { data, isPending, error } = useQuery(adminQueries.assignments());
  const [query, setQuery] = useState("");
  const [pageOf, setPageOf] = useState({ query: "", page: 1 });
  const page = pageOf.query === query ? pageOf.page : 1;
  const [isCreating, setIsCreating] = useState(false);
  const [removing, setRemoving] = useState<AdminAssignment | null>(null);
  const remove = useAdminMutation((id: string) => apiRequest(`/administrator/assignments/${id}`, { method: "DELETE" }), () => "Asignación eliminada");

  const filtered = (data ?? []).filter((a) => normalize(`${a.student.name} ${a.instructor.name} ${a.license.name}`).includes(normalize(query.trim())));
  const totalPages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const rows = filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>Asignaciones de alumnos</CardTitle>
          <CardDescription>Lo que el alumno ve en el primer paso de «Reservar prácticas». Quitar una asignación no cambia sus reservas.</CardDescription>
        </div>
        <Button onClick={() => setIsCreating(true)}>
          <Plus aria-hidden />
          Nueva asignación
        </Button>
      </CardHeader>
      <CardContent>
        <div className="relative mb-4 w-full sm:max-w-sm">
          <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground" aria-hidden />
          <Input type="search" aria-label="Buscar asignaciones" placeholder="Buscar por alumno, profesor o permiso" value={query} onChange={(e) => setQuery(e.target.value)} className="pl-9" />
        </div>
        {error ? (
          <ErrorState message={errorText(error)} />
        ) : isPending ? (
          <ListSkeleton rows={3} className="h-10" />
        ) : rows.length === 0 ? (
          <p className="text-muted-foreground">{query ? "Ninguna asignación coincide con la búsqueda" : "No hay asignaciones"}</p>
        ) : (
          <>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Alumno</TableHead>
                  <TableHead>Profesor</TableHead>
                  <TableHead>Permiso</TableHead>
                  <TableHead className="text-right">Acciones</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell className="font-medium">
                      {a.student.name} {a.student.isActive ? null : <Badge variant="outline">Desactivado</Badge>}
                    </TableCell>
                    <TableCell>
                      {a.instructor.name} {a.instructor.isActive ? null : <Badge variant="outline">Desactivado</Badge>}
                    </TableCell>
                    <TableCell>Permiso {a.license.name}</TableCell>
                    <TableCell className="text-right">
                      <Button variant="ghost" size="icon" aria-label={`Quitar asignación de ${a.student.name} con ${a.instructor.name} (${a.license.name})`} onClick={() => setRemoving(a)}>
                        <Trash2 aria-hidden />
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pager
              pagination={{ page, totalPages, total: filtered.length, hasPreviousPage: page > 1, hasNextPage: page < totalPages }}
              onPage={(p) => setPageOf({ query, page: p })}
            />
          </>
        )}
      </CardContent>
      <AssignmentFormDialog open={isCreating} onOpenChange={setIsCreating} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title="¿Quitar la asignación?"
        description={removing ? `${removing.student.name} dejará de poder reservar con ${removing.instructor.name} el permiso ${removing.license.name}. Sus reservas se conservan.` : undefined}
        confirmText="Quitar"
        variant="destructive"
        isLoading={remove.isPending}
        onConfirm={() =>
          remove.mutate(removing!.id, {
            onSettled: () => setRemoving(null),
            onError: (e) => toast({ title: "No se pudo quitar la asignación", description: errorText(e), variant: "destructive" }),
          })
        }
      />
    </Card>
  );
}
