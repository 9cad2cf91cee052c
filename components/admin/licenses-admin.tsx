"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { apiPost, apiRequest, errorText } from "@/lib/api-client";
import { LICENSE_CATALOGUE } from "@/lib/contract/constants/backoffice";
import { AssignmentsTable } from "./assignments-table";
import { InstructorLicenses } from "./instructor-licenses";
import { NativeSelect } from "@/components/ui/native-select";
import { adminQueries } from "./queries";
import { useAdminMutation } from "./use-admin-mutation";

export function LicensesAdmin() {
  return (
    <>
      <PageHeader title="Permisos y asignaciones" subtitle="Permisos que ofrece la autoescuela, qué profesor imparte cada uno y qué profesor tiene cada alumno" />
      <div className="grid gap-6">
        <LicenseTypes />
        <InstructorLicenses />
        <AssignmentsTable />
      </div>
    </>
  );
}

function LicenseTypes() {
  const { data, isPending, error } = useQuery(adminQueries.licenses());
  const [code, setCode] = useState("");
  const onError = (title: string) => (e: unknown) => toast({ title, description: errorText(e), variant: "destructive" });
  const add = useAdminMutation((body: { code: string }) => apiPost("/administrator/licenses", body), () => "Permiso añadido");
  const remove = useAdminMutation((id: string) => apiRequest(`/administrator/licenses/${id}`, { method: "DELETE" }), () => "Permiso eliminado");
  const offered = new Set(data?.map((l) => l.code));
  const available = LICENSE_CATALOGUE.filter(([c]) => !offered.has(c));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Permisos de la autoescuela</CardTitle>
        <CardDescription>Un permiso con reservas, asignaciones o vehículos no se puede eliminar.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {error ? (
          <ErrorState message={errorText(error)} />
        ) : isPending ? (
          <ListSkeleton rows={1} className="h-8" />
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Permisos">
            {data.map((l) => (
              <li key={l.id}>
                <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-2 text-sm touch:py-0 touch:pr-0 touch:pl-3">
                  Permiso {l.name}
                  <button
                    type="button"
                    className="flex items-center justify-center rounded-sm p-0.5 hover:bg-destructive/15 touch:size-11"
                    aria-label={`Eliminar permiso ${l.name}`}
                    onClick={() => remove.mutate(l.id, { onError: onError("No se pudo eliminar el permiso") })}
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        )}
        {available.length > 0 ? (
          <form
            className="flex gap-2 sm:max-w-sm"
            onSubmit={(e) => {
              e.preventDefault();
              if (code) add.mutate({ code }, { onSuccess: () => setCode(""), onError: onError("No se pudo añadir el permiso") });
            }}
          >
            <NativeSelect aria-label="Permiso para añadir" value={code} onChange={(e) => setCode(e.target.value)}>
              <option value="">Elige un permiso…</option>
              {available.map(([c, name]) => (
                <option key={c} value={c}>
                  Permiso {name}
                </option>
              ))}
            </NativeSelect>
            <Button type="submit" variant="outline" disabled={!code || add.isPending}>
              <Plus aria-hidden />
              Añadir
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
