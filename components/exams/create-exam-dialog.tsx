"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { useEffect, useState } from "react";
import { formContracts } from "@/components/shell/lazy-contract";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ExamOptions } from "@/lib/contract/exams";
import { examQueries, type StaffArea } from "./queries";
import { useCreateExam } from "./use-staff-exams";

type Props = { area: StaffArea; open: boolean; onOpenChange: (open: boolean) => void };
type SlotDraft = { examType: string; license: string; places: string; visibleLimit: string };

const toIso = (local: string) => (local ? new Date(local).toISOString() : "");
const selectClass = "h-9 w-full rounded-md border bg-background px-2 text-sm";

export function CreateExamDialog({ area, open, onOpenChange }: Props) {
  const { data: options } = useQuery({ ...examQueries.options(area), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Nueva convocatoria</DialogTitle>
          <DialogDescription>Fecha del examen, plazo de inscripción y plazas de la autoescuela por tipo de examen y permiso.</DialogDescription>
        </DialogHeader>
        {open && options ? <CreateExamForm area={area} options={options} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateExamForm({ area, options, onDone }: { area: StaffArea; options: ExamOptions; onDone: () => void }) {
  const create = useCreateExam(area);
  const [date, setDate] = useState("");
  const [opening, setOpening] = useState("");
  const [closing, setClosing] = useState("");
  const [location, setLocation] = useState("");
  const blank = (): SlotDraft => ({ examType: "3", license: options.licenses[0]?.id ?? "", places: "5", visibleLimit: "5" });
  const [slots, setSlots] = useState<SlotDraft[]>([blank()]);
  const [error, setError] = useState<string | null>(null);
  const setSlot = (i: number, patch: Partial<SlotDraft>) => setSlots((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  useEffect(formContracts.exams.preload, []);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.exams.load();
    if (!contract) return;
    const body = {
      date: toIso(date),
      inscriptionsOpening: toIso(opening),
      inscriptionsClosing: toIso(closing),
      location: location.trim() || null,
      slots: slots.map((s) => ({ examType: Number(s.examType), license: s.license, places: Number(s.places), visibleLimit: Number(s.visibleLimit) })),
    };
    const parsed = contract.createExamBodySchema.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Revisa los datos");
    setError(null);
    create.mutate(body, { onSuccess: onDone });
  }

  const field = (id: string, label: string, value: string, set: (v: string) => void, type = "datetime-local") => (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type={type} value={value} onChange={(e) => set(e.target.value)} />
    </div>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {field("exam-date", "Fecha y hora del examen", date, setDate)}
        {field("exam-opening", "Apertura de inscripciones", opening, setOpening)}
        {field("exam-closing", "Cierre de inscripciones", closing, setClosing)}
      </div>
      {field("exam-location", "Lugar", location, setLocation, "text")}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Plazas por tipo de examen y permiso (-1 = ilimitadas)</legend>
        <div className="grid grid-cols-[1fr_1fr_5rem_5rem_2.25rem] gap-2 text-xs text-muted-foreground" aria-hidden>
          <span>Tipo de examen</span>
          <span>Permiso</span>
          <span>Plazas</span>
          <span>Visibles</span>
        </div>
        {slots.map((s, i) => (
          <div key={i} className="grid grid-cols-[1fr_1fr_5rem_5rem_2.25rem] items-end gap-2">
            <select aria-label="Tipo de examen" className={selectClass} value={s.examType} onChange={(e) => setSlot(i, { examType: e.target.value })}>
              {options.examTypes.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            <select aria-label="Permiso" className={selectClass} value={s.license} onChange={(e) => setSlot(i, { license: e.target.value })}>
              {options.licenses.map((l) => (
                <option key={l.id} value={l.id}>
                  Permiso {l.name}
                </option>
              ))}
            </select>
            <Input aria-label="Plazas" type="number" min={-1} value={s.places} onChange={(e) => setSlot(i, { places: e.target.value })} />
            <Input aria-label="Visibles" type="number" min={-1} value={s.visibleLimit} onChange={(e) => setSlot(i, { visibleLimit: e.target.value })} />
            <Button type="button" size="icon" variant="ghost" aria-label="Quitar" disabled={slots.length === 1} onClick={() => setSlots((l) => l.filter((_, j) => j !== i))}>
              <X aria-hidden />
            </Button>
          </div>
        ))}
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => setSlots((l) => [...l, blank()])}>
          <Plus aria-hidden /> Añadir tipo de examen
        </Button>
      </fieldset>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Guardando..." : "Crear convocatoria"}
        </Button>
      </DialogFooter>
    </form>
  );
}
