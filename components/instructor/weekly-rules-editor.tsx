"use client";

import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { formContracts } from "@/components/shell/lazy-contract";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import type { AvailabilityRule } from "@/lib/contract/availability";
import { useSaveRules } from "./use-availability";
import { WEEKDAY_LABELS, WEEKDAYS } from "./weekday-labels";

export type DraftRule = { key: string; weekday: number; start: string; end: string };

let nextKey = 0;
const newKey = () => `rule-${++nextKey}`;
export const toDraft = (rules: AvailabilityRule[]): DraftRule[] =>
  rules.map((r) => ({ key: r.id, weekday: r.weekday, start: r.start, end: r.end }));

type Props = { draft: DraftRule[]; onDraftChange: (draft: DraftRule[]) => void; onReset: () => void; isDirty: boolean };

export function WeeklyRulesEditor({ draft, onDraftChange, onReset, isDirty }: Props) {
  const save = useSaveRules();
  const [error, setError] = useState<string | null>(null);
  const change = (next: DraftRule[]) => {
    setError(null);
    onDraftChange(next);
  };
  const update = (key: string, patch: Partial<DraftRule>) => change(draft.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const onSave = async () => {
    const contract = await formContracts.availability.load();
    if (!contract) return;
    const parsed = contract.replaceRulesBodySchema.safeParse({ rules: draft.map(({ weekday, start, end }) => ({ weekday, start, end })) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "El horario no es válido");
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <Card className="gap-4" onFocusCapture={formContracts.availability.preload}>
      <CardHeader>
        <CardTitle>Horario semanal</CardTitle>
        <CardDescription>Las franjas en las que tus alumnos pueden reservar prácticas cada semana.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {WEEKDAYS.map((weekday) => {
          const rows = draft.filter((r) => r.weekday === weekday).sort((a, b) => a.start.localeCompare(b.start));
          return (
            <div key={weekday} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start" data-testid={`weekday-${weekday}`}>
              <p className="w-28 shrink-0 pt-2 font-medium">{WEEKDAY_LABELS[weekday]}</p>
              <div className="flex flex-1 flex-col gap-2">
                {rows.length === 0 ? <p className="pt-2 text-sm text-muted-foreground">Sin horario</p> : null}
                {rows.map((r) => (
                  <div key={r.key} className="flex items-center gap-2">
                    <Input
                      type="time"
                      step={900}
                      value={r.start}
                      onChange={(e) => update(r.key, { start: e.target.value })}
                      aria-label={`${WEEKDAY_LABELS[weekday]}: inicio`}
                      className="w-32"
                    />
                    <span className="text-muted-foreground">a</span>
                    <Input
                      type="time"
                      step={900}
                      value={r.end}
                      onChange={(e) => update(r.key, { end: e.target.value })}
                      aria-label={`${WEEKDAY_LABELS[weekday]}: fin`}
                      className="w-32"
                    />
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label="Eliminar franja"
                      onClick={() => change(draft.filter((d) => d.key !== r.key))}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                ))}
              </div>
              <Button
                variant="outline"
                size="sm"
                className="self-start"
                onClick={() => change([...draft, { key: newKey(), weekday, start: "09:00", end: "13:00" }])}
              >
                <Plus aria-hidden />
                Añadir franja
              </Button>
            </div>
          );
        })}
      </CardContent>
      <CardFooter className="flex flex-wrap items-center justify-end gap-2">
        {error ? <p className="mr-auto text-sm text-destructive" role="alert">{error}</p> : null}
        <Button variant="outline" onClick={() => {
            setError(null);
            onReset();
          }} disabled={!isDirty || save.isPending}>
          Descartar cambios
        </Button>
        <Button onClick={onSave} disabled={!isDirty || save.isPending}>
          {save.isPending ? "Guardando..." : "Guardar horario"}
        </Button>
      </CardFooter>
    </Card>
  );
}
