"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { MenuOnDemand } from "@/components/ui/menu-on-demand";
import { MoreActionsButton } from "@/components/ui/more-actions-button";
import { loadOnce } from "@/components/ui/on-demand";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorText, type Answer } from "@/lib/api-client";
import type { adminContentListSchema, AdminContentItem, MoveContentBody } from "@/lib/contract/content";
import { contentQueries } from "./queries";

// Radix's dropdown comes with the first reach for an item's menu, not with the page (issue 13). One trigger per item
// instead of four icon buttons: the library is ~30 items, and their ~500 elements held its first paint (issue 28).
const menu = loadOnce(() => import("./library-item-menu"));

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
    // On a phone the name takes the width left by the menu, with its type below it; from sm up the type comes first.
    <li className="flex items-center gap-2 rounded-md border px-3 py-2" data-testid="library-item">
      <div className="flex min-w-0 flex-1 flex-col-reverse sm:flex-row sm:items-center sm:gap-2">
        <span className="text-xs text-muted-foreground sm:w-24 sm:shrink-0">{TYPE_LABEL[item.type]}</span>
        {editing ? (
          <form className="flex min-w-0 flex-1 gap-2" onSubmit={(e) => { e.preventDefault(); rename.mutate(); }}>
            <Input aria-label="Nuevo nombre" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoFocus />
            <Button type="submit" size="icon" aria-label="Guardar nombre" disabled={!name.trim() || rename.isPending}><Check className="size-4" /></Button>
            <Button type="button" size="icon" variant="ghost" aria-label="Cancelar" onClick={() => { setEditing(false); setName(item.name); }}><X className="size-4" /></Button>
          </form>
        ) : (
          <span className="min-w-0 truncate font-medium sm:flex-1">{item.name}</span>
        )}
      </div>
      <div className="shrink-0">
        <MenuOnDemand
          module={menu}
          trigger={(props) => (
            <MoreActionsButton {...props} label={`Acciones de ${item.name}`} />
          )}
          menu={({ LibraryItemMenu }) => (
            <LibraryItemMenu
              name={item.name}
              canMoveUp={!isFirst && !move.isPending}
              canMoveDown={!isLast && !move.isPending}
              onMove={(direction) => move.mutate(direction)}
              onRename={() => setEditing(true)}
              onRemove={() => setConfirming(true)}
            />
          )}
        />
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
