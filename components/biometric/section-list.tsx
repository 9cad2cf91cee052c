"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";

import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { errorText } from "@/lib/api-client";
import type { Section } from "@/lib/contract/cap";
import { biometricQueries } from "./queries";
import { SectionFormDialog } from "./section-form-dialog";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/ui/states";
import { sortByName } from "@/lib/format/text";
import { useDeleteSection } from "./use-sections";

type Editing = { section?: Section } | null;

export function SectionList() {
  const { data: sections, isPending, error } = useQuery(biometricQueries.sections());
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Section | null>(null);
  const remove = useDeleteSection();

  function onDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast({ title: "Sección eliminada", description: toDelete.name, variant: "success" }),
      onError: (e) => toast({ title: "No se pudo eliminar la sección", description: errorText(e), variant: "destructive" }),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <>
      <PageHeader
        title="Secciones"
        subtitle="Centros de formación CAP y su número de autorización"
        actions={
          <Button onClick={() => setEditing({})}>
            <Plus aria-hidden />
            Nueva sección
          </Button>
        }
      />
      {error ? (
        <ErrorState message={errorText(error)} />
      ) : isPending ? (
        <ListSkeleton rows={2} className="h-12" />
      ) : sections.length === 0 ? (
        <EmptyState message="No hay secciones" />
      ) : (
        <ul className="divide-y rounded-lg border">
          {sortByName(sections, (s) => s.name).map((section) => (
            <li key={section.id} aria-label={section.name} className="flex items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-medium break-words">{section.name}</p>
                <p className="text-sm text-muted-foreground">
                  Número de autorización del centro:{" "}
                  {section.authorizationNumber ? (
                    <span className="font-medium text-foreground">{section.authorizationNumber}</span>
                  ) : (
                    <Badge variant="warning">Sin configurar</Badge>
                  )}
                </p>
              </div>
              <div className="flex shrink-0">
                <Button variant="ghost" size="icon" aria-label={`Editar ${section.name}`} onClick={() => setEditing({ section })}>
                  <Pencil aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Eliminar ${section.name}`} onClick={() => setToDelete(section)}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <SectionFormDialog section={editing?.section} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Eliminar sección"
        description={toDelete ? `¿Seguro que quieres eliminar la sección ${toDelete.name}?` : undefined}
        confirmText="Eliminar"
        variant="destructive"
        isLoading={remove.isPending}
        onConfirm={onDelete}
      />
    </>
  );
}
