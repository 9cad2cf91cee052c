"use client";

import { useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
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
import { LoadMore } from "@/components/ui/load-more";
import { useDebouncedValue } from "@/components/biometric/use-debounced-value";
import { adminQueries } from "./queries";
import { useAdminMutation } from "./use-admin-mutation";

export function AssignmentsTable() {
  const [query, setQuery] = useState("");
  const search = useDebouncedValue(query.trim(), 300);
  // Newest first, a page at a time; the search runs on the server and starts again from the newest.
  const { data, isPending, error, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery(
    adminQueries.assignments(search),
  );
  const [isCreating, setIsCreating] = useState(false);
  const [removing, setRemoving] = useState<AdminAssignment | null>(null);
  const remove = useAdminMutation((id: string) => apiRequest(`/administrator/assignments/${id}`, { method: "DELETE" }), () => "Asignación eliminada");

  const rows = data?.pages.flatMap((p) => p.items) ?? [];

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
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input type="search" aria-label="Buscar asignaciones" placeholder="Buscar por alumno, profesor o permiso" value={query} onChange={(e) => setQuery(e.target.value)} className="pl-9" />
        </div>
        {error && !isFetchNextPageError ? (
          <ErrorState message={errorText(error)} />
        ) : isPending ? (
          <ListSkeleton rows={3} className="h-10" />
        ) : rows.length === 0 ? (
          <p className="text-muted-foreground">{query ? "Ninguna asignación coincide con la búsqueda" : "No hay asignaciones"}</p>
        ) : (
          <div className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
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
                    <TableCell stack="title" className="font-medium">
                      {a.student.name} {a.student.isActive ? null : <Badge variant="outline">Desactivado</Badge>}
                    </TableCell>
                    <TableCell label="Profesor">
                      {a.instructor.name} {a.instructor.isActive ? null : <Badge variant="outline">Desactivado</Badge>}
                    </TableCell>
                    <TableCell label="Permiso">Permiso {a.license.name}</TableCell>
                    <TableCell stack="actions" className="text-right">
                      <Button variant="ghost" size="icon" aria-label={`Quitar asignación de ${a.student.name} con ${a.instructor.name} (${a.license.name})`} onClick={() => setRemoving(a)}>
                        <Trash2 aria-hidden />
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
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
