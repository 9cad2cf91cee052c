"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Check, Pencil, Trash2, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorText } from "@/lib/api-client";
import type { AdminContentItem, UpdateContentBody } from "@/lib/contract/content";
import { contentQueries } from "./queries";

const TYPE_LABEL = { document: "Documento", video: "Vídeo", iframe: "Test online" } as const;

type Props = { item: AdminContentItem; previous?: AdminContentItem; next?: AdminContentItem };

export function LibraryItemRow({ item, previous, next }: Props) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);
  const [confirming, setConfirming] = useState(false);
  const done = () => queryClient.invalidateQueries({ queryKey: contentQueries.all() });
  const onError = (error: unknown) => toast({ title: errorText(error), variant: "destructive" });
  const patch = (id: string, json: UpdateContentBody) => apiRequest(`/administrator/content/${id}`, { method: "PATCH", json });
  const rename = useMutation({ mutationFn: () => patch(item.id, { name }), onSuccess: async () => { setEditing(false); await done(); }, onError });
  // Swapping positions with a neighbour (two items on the same position are pulled apart by one).
  const move = useMutation({
    mutationFn: async (other: AdminContentItem) => {
      await patch(item.id, { position: other.position });
      await patch(other.id, { position: item.position === other.position ? item.position + 1 : item.position });
    },
    onSuccess: done,
    onError,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest(`/administrator/content/${item.id}`, { method: "DELETE" }),
    onSuccess: async () => { setConfirming(false); await done(); },
    onError,
  });

  return (
    <li className="flex items-center gap-2 rounded-md border px-3 py-2" data-testid="library-item">
      <span className="w-24 shrink-0 text-xs text-muted-foreground">{TYPE_LABEL[item.type]}</span>
      {editing ? (
        <form className="flex flex-1 gap-2" onSubmit={(e) => { e.preventDefault(); rename.mutate(); }}>
          <Input aria-label="Nuevo nombre" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoFocus />
          <Button type="submit" size="icon" aria-label="Guardar nombre" disabled={!name.trim() || rename.isPending}><Check className="size-4" /></Button>
          <Button type="button" size="icon" variant="ghost" aria-label="Cancelar" onClick={() => { setEditing(false); setName(item.name); }}><X className="size-4" /></Button>
        </form>
      ) : (
        <span className="flex-1 truncate font-medium">{item.name}</span>
      )}
      <Button size="icon" variant="ghost" aria-label={`Subir ${item.name}`} disabled={!previous || move.isPending} onClick={() => previous && move.mutate(previous)}><ArrowUp className="size-4" /></Button>
      <Button size="icon" variant="ghost" aria-label={`Bajar ${item.name}`} disabled={!next || move.isPending} onClick={() => next && move.mutate(next)}><ArrowDown className="size-4" /></Button>
      <Button size="icon" variant="ghost" aria-label={`Renombrar ${item.name}`} onClick={() => setEditing(true)}><Pencil className="size-4" /></Button>
      <Button size="icon" variant="ghost" aria-label={`Eliminar ${item.name}`} onClick={() => setConfirming(true)}><Trash2 className="size-4" /></Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Eliminar contenido"
        description={`Se eliminará «${item.name}» para todos los alumnos del permiso.`}
        confirmText="Eliminar"
        variant="destructive"
        isLoading={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}
