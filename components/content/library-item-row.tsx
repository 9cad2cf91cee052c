"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Check, Pencil, Trash2, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorText, type Answer } from "@/lib/api-client";
import type { adminContentListSchema, AdminContentItem, MoveContentBody } from "@/lib/contract/content";
import { contentQueries } from "./queries";

const TYPE_LABEL = { document: "Documento", video: "Vídeo", iframe: "Test online" } as const;

type Props = { item: AdminContentItem; isFirst: boolean; isLast: boolean };

export function LibraryItemRow({ item, isFirst, isLast }: Props) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);
  const [confirming, setConfirming] = useState(false);
  const done = () => queryClient.invalidateQueries({ queryKey: contentQueries.all() });
  const onError = (error: unknown) => toast({ title: errorText(error), variant: "destructive" });
  const rename = useMutation({
    mutationFn: () => apiRequest(`/administrator/content/${item.id}`, { method: "PATCH", json: { name } }),
    onSuccess: async () => {
      setEditing(false);
      toast({ title: "Contenido renombrado", variant: "success" });
      await done();
    },
    onError,
  });
  // One request: the server swaps the item with its neighbour and renumbers the licence in one transaction.
  const move = useMutation({
    mutationFn: (direction: MoveContentBody["direction"]) =>
      apiRequest<Answer<typeof adminContentListSchema>>(`/administrator/content/${item.id}/move`, { method: "POST", json: { direction } }),
    onSuccess: done,
    onError,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest(`/administrator/content/${item.id}`, { method: "DELETE" }),
    onSuccess: async () => {
      setConfirming(false);
      toast({ title: "Contenido eliminado", variant: "success" });
      await done();
    },
    onError,
  });

  return (
    // On a phone the name keeps the first line and the four buttons (44 px each) wrap to a second one, right-aligned.
    <li className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2" data-testid="library-item">
      <span className="w-24 shrink-0 text-xs text-muted-foreground">{TYPE_LABEL[item.type]}</span>
      {editing ? (
        <form className="flex min-w-0 flex-1 gap-2 max-sm:basis-full" onSubmit={(e) => { e.preventDefault(); rename.mutate(); }}>
          <Input aria-label="Nuevo nombre" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoFocus />
          <Button type="submit" size="icon" aria-label="Guardar nombre" disabled={!name.trim() || rename.isPending}><Check className="size-4" /></Button>
          <Button type="button" size="icon" variant="ghost" aria-label="Cancelar" onClick={() => { setEditing(false); setName(item.name); }}><X className="size-4" /></Button>
        </form>
      ) : (
        <span className="min-w-0 flex-1 truncate font-medium max-sm:basis-[calc(100%-7rem)]">{item.name}</span>
      )}
      <div className="ml-auto flex shrink-0 items-center gap-2">
        <Button size="icon" variant="ghost" aria-label={`Subir ${item.name}`} disabled={isFirst || move.isPending} onClick={() => move.mutate("up")}><ArrowUp className="size-4" /></Button>
        <Button size="icon" variant="ghost" aria-label={`Bajar ${item.name}`} disabled={isLast || move.isPending} onClick={() => move.mutate("down")}><ArrowDown className="size-4" /></Button>
        <Button size="icon" variant="ghost" aria-label={`Renombrar ${item.name}`} onClick={() => setEditing(true)}><Pencil className="size-4" /></Button>
        <Button size="icon" variant="ghost" aria-label={`Eliminar ${item.name}`} onClick={() => setConfirming(true)}><Trash2 className="size-4" /></Button>
      </div>
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
