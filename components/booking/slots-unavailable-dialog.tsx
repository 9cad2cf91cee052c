"use client";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { Slot } from "@/lib/contract/reservations";
import { formatLongDay, formatTimeRange } from "@/lib/format/dates";

const describe = (slot: Slot) => `${formatLongDay(slot.start)}, ${formatTimeRange(slot.start, slot.end)}`;

/** `reason`: why they are refused when it is a rule of the school (the minimum notice), not another booking. */
type Props = { slots: Slot[] | null; reason?: string; onAcknowledge: () => void };

// Spec §8 SLOTS_UNAVAILABLE: one slot is named; several are listed. Acknowledging removes them from the selection.
export function SlotsUnavailableDialog({ slots, reason, onAcknowledge }: Props) {
  const isSingle = slots?.length === 1;
  return (
    <Dialog open={slots !== null} onOpenChange={(open) => !open && onAcknowledge()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Horarios no disponibles</DialogTitle>
          <DialogDescription>
            {slots && isSingle
              ? `El horario del ${describe(slots[0])} ya no está disponible y se ha eliminado de tu selección.`
              : "Los siguientes horarios ya no están disponibles y se han eliminado de tu selección:"}
          </DialogDescription>
        </DialogHeader>
        {reason ? <p className="text-sm font-medium">{`${reason}.`}</p> : null}
        {slots && !isSingle ? (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {slots.map((s) => (
              <li key={`${s.start}-${s.end}`}>{describe(s)}</li>
            ))}
          </ul>
        ) : null}
        <DialogFooter>
          <Button onClick={onAcknowledge}>Entendido</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
