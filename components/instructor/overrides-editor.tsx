"use client";

import { Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { formContracts } from "@/components/shell/lazy-contract";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { AffectedReservation, AvailabilityOverride, CreateOverrideBody, OverrideType } from "@/lib/contract/availability";
import { formatDate, formatLongDay } from "@/lib/format/dates";
import { useNow } from "@/components/reservations/use-now";
import { useHydrated } from "@/components/shell/use-hydrated";
import { DayOffReservationsDialog } from "./schedule-day-off-dialog";
import { reservationsOnDayOff, useAddOverride, useDeleteOverride } from "./use-availability";

const TYPE_LABELS: Record<OverrideType, string> = { day_off: "Día libre", extra: "Horas extra" };

const describeHours = (o: AvailabilityOverride) =>
  o.start && o.end ? `${o.start} - ${o.end}` : o.type === "day_off" ? "Todo el día" : "";

// `today` is the school's date (yyyy-MM-dd): the first date offered and the start of the upcoming list.
export function OverridesEditor({ overrides, today }: { overrides: AvailabilityOverride[]; today: string }) {
  // The fields are read from the form on submit (see onAdd); the type is also held, for the hours' labels.
  const [type, setType] = useState<OverrideType>("day_off");
  const form = useRef<HTMLFormElement>(null);
  const isHydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AvailabilityOverride | null>(null);
  // A day off refused because it covers booked lessons: what was sent, and the lessons, until annulled or dropped.
  const [onLessons, setOnLessons] = useState<{ body: CreateOverrideBody; reservations: AffectedReservation[] } | null>(null);
  const now = useNow();
  const add = useAddOverride();
  const remove = useDeleteOverride();
  const upcoming = overrides.filter((o) => o.date >= today).sort((a, b) => a.date.localeCompare(b.date));

  const save = (body: CreateOverrideBody) =>
    add.mutate(body, {
      onSuccess: () => {
        for (const name of ["start", "end"]) {
          const field = form.current?.elements.namedItem(name);
          if (field instanceof HTMLInputElement) field.value = "";
        }
        setOnLessons(null);
      },
      onError: (failure) => {
        const reservations = reservationsOnDayOff(failure);
        setOnLessons(reservations ? { body, reservations } : null);
      },
    });

  const onAdd = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the form, not from state: this page is drawn by the server, and a date picked before its code has
    // hydrated never reached an onChange (the day off would have gone to today). See decisions.md#form-values.
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => String(fields.get(name) ?? "");
    const contract = await formContracts.availability.load();
    if (!contract) return;
    const parsed = contract.createOverrideBodySchema.safeParse({
      date: text("date"),
      type: text("type"),
      start: text("start") || null,
      end: text("end") || null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Los datos no son válidos");
      return;
    }
    setError(null);
    save(parsed.data);
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Excepciones</CardTitle>
        <CardDescription>
          Marca un día libre (completo o unas horas) o añade horas extra en una fecha concreta.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form ref={form} onSubmit={onAdd} onFocusCapture={formContracts.availability.preload} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,auto)_1fr] lg:items-end">
          <div className="grid gap-2">
            <Label htmlFor="override-date">Fecha</Label>
            <Input id="override-date" name="date" type="date" min={today} defaultValue={today} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="override-type">Tipo</Label>
            <NativeSelect
              id="override-type"
              name="type"
              className="sm:w-40"
              value={type}
              onChange={(e) => setType(e.target.value as OverrideType)}
            >
              <option value="day_off">{TYPE_LABELS.day_off}</option>
              <option value="extra">{TYPE_LABELS.extra}</option>
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="override-start">{type === "extra" ? "Desde *" : "Desde"}</Label>
            <Input id="override-start" name="start" type="time" step={900} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="override-end">{type === "extra" ? "Hasta *" : "Hasta"}</Label>
            <Input id="override-end" name="end" type="time" step={900} />
          </div>
          <Button type="submit" disabled={!isHydrated || add.isPending} className="lg:justify-self-start">
            {add.isPending ? "Guardando..." : "Añadir excepción"}
          </Button>
          {type === "day_off" ? (
            <p className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-5">Sin horas, el día entero queda libre.</p>
          ) : null}
          {error ? (
            <p className="text-sm text-destructive sm:col-span-2 lg:col-span-5" role="alert">
              {error}
            </p>
          ) : null}
        </form>

        {upcoming.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tienes excepciones próximas</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {upcoming.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-3 px-4 py-2 text-sm" data-testid="override-row">
                <span className="inline-block font-medium first-letter:uppercase">{formatLongDay(`${o.date}T12:00:00`)}</span>
                <Badge variant={o.type === "day_off" ? "secondary" : "success"}>{TYPE_LABELS[o.type]}</Badge>
                <span className="text-muted-foreground tabular-nums">{describeHours(o)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="ml-auto"
                  aria-label={`Eliminar excepción del ${formatDate(`${o.date}T12:00:00`)}`}
                  onClick={() => setToDelete(o)}
                >
                  <Trash2 />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <DayOffReservationsDialog
        reservations={onLessons?.reservations ?? null}
        now={now}
        isPending={add.isPending}
        onCancel={() => setOnLessons(null)}
        onAnnul={() => onLessons && save({ ...onLessons.body, annulReservations: true })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Eliminar excepción"
        description="Tu horario de ese día volverá a ser el semanal."
        confirmText="Eliminar"
        variant="destructive"
        isLoading={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </Card>
  );
}
