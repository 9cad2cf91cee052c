"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { FormDialogFooter } from "@/components/biometric/form-dialog-footer";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { apiRequest, errorText } from "@/lib/api-client";
import type { AdminLicense } from "@/lib/contract/backoffice";
import type { AdminUser } from "@/lib/contract/backoffice-users";
import { adminQueries, LICENSE_INSTRUCTORS } from "./queries";
import { useAdminMutation } from "./use-admin-mutation";

export function InstructorLicenses() {
  const instructors = useQuery(adminQueries.users(LICENSE_INSTRUCTORS));
  const licenses = useQuery(adminQueries.licenses());
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const error = instructors.error ?? licenses.error;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Permisos que imparte cada profesor</CardTitle>
        <CardDescription>Solo se puede asignar a un alumno un profesor que imparta ese permiso.</CardDescription>
      </CardHeader>
      <CardContent>
        {error ? (
          <ErrorState message={errorText(error)} />
        ) : !instructors.data || !licenses.data ? (
          <ListSkeleton rows={2} className="h-10" />
        ) : instructors.data.data.length === 0 ? (
          <p className="text-muted-foreground">No hay profesores activos</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Profesor</TableHead>
                <TableHead>Permisos</TableHead>
                <TableHead className="text-right">Acciones</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {instructors.data.data.map((instructor) => (
                <TableRow key={instructor.id}>
                  <TableCell stack="title" className="font-medium">{instructor.name}</TableCell>
                  <TableCell label="Permisos">
                    {licenses.data.filter((l) => l.instructorIds.includes(instructor.id)).map((l) => (
                      <Badge key={l.id} variant="secondary" className="mr-1">
                        Permiso {l.name}
                      </Badge>
                    ))}
                  </TableCell>
                  <TableCell stack="actions" className="text-right">
                    <Button variant="outline" size="sm" onClick={() => setEditing(instructor)} aria-label={`Editar permisos de ${instructor.name}`}>
                      <Pencil aria-hidden />
                      Editar permisos
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {editing && licenses.data ? (
        <TaughtDialog key={editing.id} instructor={editing} licenses={licenses.data} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}

function TaughtDialog({ instructor, licenses, onClose }: { instructor: AdminUser; licenses: AdminLicense[]; onClose: () => void }) {
  const [selected, setSelected] = useState(() => new Set(licenses.filter((l) => l.instructorIds.includes(instructor.id)).map((l) => l.id)));
  const save = useAdminMutation(
    (licenseIds: string[]) => apiRequest(`/administrator/instructors/${instructor.id}/licenses`, { method: "PUT", json: { licenseIds } }),
    () => "Permisos del profesor guardados",
  );
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Permisos de {instructor.name}</DialogTitle>
          <DialogDescription>Quitar un permiso no borra las asignaciones ni las reservas que ya existen.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate([...selected], { onSuccess: onClose });
          }}
        >
          <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <legend className="sr-only">Permisos</legend>
            {licenses.map((l) => (
              <label key={l.id} className="flex items-center gap-2 text-sm touch:min-h-11">
                <input type="checkbox" checked={selected.has(l.id)} onChange={() => toggle(l.id)} />
                Permiso {l.name}
              </label>
            ))}
          </fieldset>
          <FormDialogFooter error={save.error} isPending={save.isPending} submitText="Guardar" pendingText="Guardando..." onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
