"use client";

import { useRef } from "react";
import { ArrowDown, ArrowUp, Pencil, Trash2 } from "lucide-react";
import { MoreActionsButton } from "@/components/ui/more-actions-button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

type Props = {
  name: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (direction: "up" | "down") => void;
  onRename: () => void;
  onRemove: () => void;
};

// A library item's menu: move it up or down the students' order, rename it, remove it. Loaded by LibraryItemRow on the
// first click (or ArrowDown) on its trigger, and opened at once.
export function LibraryItemMenu({ name, canMoveUp, canMoveDown, onMove, onRename, onRemove }: Props) {
  // Renaming puts the name in a field that takes the focus: it opens once the menu has closed, and the menu does not
  // hand the focus back to its trigger.
  const renaming = useRef(false);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <MoreActionsButton label={`Acciones de ${name}`} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onCloseAutoFocus={(event) => {
          if (!renaming.current) return;
          renaming.current = false;
          event.preventDefault();
          onRename();
        }}
      >
        <DropdownMenuItem disabled={!canMoveUp} onSelect={() => onMove("up")}>
          <ArrowUp aria-hidden />
          Subir
        </DropdownMenuItem>
        <DropdownMenuItem disabled={!canMoveDown} onSelect={() => onMove("down")}>
          <ArrowDown aria-hidden />
          Bajar
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            renaming.current = true;
          }}
        >
          <Pencil aria-hidden />
          Renombrar
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onRemove}>
          <Trash2 aria-hidden />
          Eliminar
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
