"use client";

import { GraduationCap, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatLongDay, formatTimeRange } from "@/lib/format/dates";
import type { SelectionConflict } from "./conflicts";

type Props = {
  conflicts: SelectionConflict[] | null;
  onBookAnyway: () => void;
  onChangeSlots: () => void;
  onClose: () => void;
};

// Before 'Confirmar reservas': the selected lessons overlap the student's own CAP session or exam. A warning only
// (the school may have reasons); booking goes on with 'Reservar de todos modos'.
export function ConflictsDialog({ conflicts, onBookAnyway, onChangeSlots, onClose }: Props) {
  const isSingle = conflicts?.length === 1;
  return (
    <Dialog open={conflicts !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isSingle ? "Coincide con otra actividad tuya" : "Coincide con otras actividades tuyas"}</DialogTitle>
          <DialogDescription>
            {isSingle
              ? "Una de las prácticas que vas a reservar coincide con esta actividad:"
              : "Las prácticas que vas a reservar coinciden con estas actividades:"}
          </DialogDescription>
        </DialogHeader>
        <ul className="space-y-3 text-sm" data-testid="booking-conflicts">
          {conflicts?.map(({ conflict, slots }) => {
            const Icon = conflict.type === "exam" ? GraduationCap : Users;
            return (
              <li key={`${conflict.type}-${conflict.start}-${conflict.title}`} className="flex gap-3 rounded-lg border p-3">
                <Icon className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
                <div className="min-w-0 space-y-1">
                  <p className="font-medium break-words">{conflict.title}</p>
                  <p className="text-muted-foreground first-letter:uppercase">
                    {formatLongDay(conflict.start)}, {formatTimeRange(conflict.start, conflict.end)}
                  </p>
                  <p className="text-muted-foreground">
                    {slots.length === 1 ? "Tu práctica: " : "Tus prácticas: "}
                    {slots.map((s) => formatTimeRange(s.start, s.end)).join(", ")}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onChangeSlots} className="min-h-11">
            Cambiar horarios
          </Button>
          <Button onClick={onBookAnyway} className="min-h-11">
            Reservar de todos modos
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
