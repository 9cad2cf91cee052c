import { MoreHorizontal } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "./button";

/** A row's '…' button that opens its actions menu, named for the row ('Acciones de Lucía Martín'). */
export function MoreActionsButton({ label, ...props }: ComponentProps<"button"> & { label: string }) {
  return (
    <Button {...props} variant="ghost" size="icon" aria-label={label}>
      <MoreHorizontal aria-hidden />
    </Button>
  );
}
