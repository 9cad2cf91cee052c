"use client";

import { useEffect, useState } from "react";
import { formContracts } from "@/components/shell/lazy-contract";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { StaffExamSlot } from "@/lib/contract/exams";
import type { StaffArea } from "./queries";
import { useUpdateSlot } from "./use-staff-exams";

type Props = { area: StaffArea; slot: StaffExamSlot; open: boolean; onOpenChange: (open: boolean) => void };

export function SlotPlacesDialog({ area, slot, open, onOpenChange }: Props) {
  const update = useUpdateSlot(area);
  const [places, setPlaces] = useState(String(slot.places));
  const [visibleLimit, setVisibleLimit] = useState(String(slot.visibleLimit));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) formContracts.exams.preload();
  }, [open]);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.exams.load();
    if (!contract) return;
    const parsed = contract.updateExamSlotBodySchema.safeParse({ places: Number(places), visibleLimit: Number(visibleLimit) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Los datos no son válidos");
    setError(null);
    update.mutate({ id: slot.id, ...parsed.data }, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar plazas</DialogTitle>
          <DialogDescription>
            {slot.examType.name} · Permiso {slot.license.name}. Usa -1 para plazas ilimitadas. Si hay más plazas visibles, la lista de reserva
            avanza sola.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`places-${slot.id}`}>Plazas de la autoescuela</Label>
            <Input id={`places-${slot.id}`} type="number" min={-1} value={places} onChange={(e) => setPlaces(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`visible-${slot.id}`}>Plazas visibles para los alumnos</Label>
            <Input id={`visible-${slot.id}`} type="number" min={-1} value={visibleLimit} onChange={(e) => setVisibleLimit(e.target.value)} />
          </div>
          {error ? <p className="text-sm text-destructive">{error}</p> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Guardando..." : "Guardar"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
