"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import type { InstructorAssignment, Slot } from "@/lib/contract/reservations";
import { formatLongDay, formatTimeRange } from "@/lib/format/dates";
import { formatDuration } from "@/lib/format/duration";
import { formatMoney } from "@/lib/format/money";
import { countOf } from "@/lib/format/plural";
import { balanceQueries } from "@/components/balance/queries";
import { readBookingConfig } from "./booking-config";
import { readBookingFailure } from "./booking-errors";
import { selectionConflicts, selectionSpan, type SelectionConflict } from "./conflicts";
import { ConflictsDialog } from "./conflicts-dialog";
import { bookingQueries, configQueries } from "./queries";
import { removeSlots, selectionTotal } from "./selection";
import { SlotsUnavailableDialog } from "./slots-unavailable-dialog";
import { useCreateReservations } from "./use-create-reservations";

const MESSAGE_MAX = 500;

type Props = {
  assignment: InstructorAssignment;
  selection: Slot[];
  message: string;
  onMessageChange: (message: string) => void;
  onSelectionChange: (selection: Slot[]) => void;
  onNoSlotsLeft: () => void;
  /** Back to 'Hora' to change the selection (the conflicts warning's 'Cambiar horarios'). */
  onChangeSlots: () => void;
  onBooked: (count: number, isDirectMode: boolean) => void;
};

// Step 3 'Confirmar' (spec §2, §4, §8).
export function ConfirmStep({ assignment, selection, message, onMessageChange, onSelectionChange, onNoSlotsLeft, onChangeSlots, onBooked }: Props) {
  const client = useQueryClient();
  const config = useQuery(configQueries.config());
  const balance = useQuery(balanceQueries.balance());
  const span = selectionSpan(selection);
  // Asked as the step opens, so the warning is ready by the time the student presses the button.
  useQuery({ ...bookingQueries.conflicts(span ?? { start: "", end: "" }), enabled: span !== null });
  const create = useCreateReservations();
  const [unavailable, setUnavailable] = useState<{ slots: Slot[]; reason?: string } | null>(null);
  const [conflicts, setConflicts] = useState<SelectionConflict[] | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const booking = config.data ? readBookingConfig(config.data) : null;
  const mode = balance.data?.balanceMode ?? (config.data?.balance_mode.value === "money" ? "money" : "time");
  const isBusy = create.isPending || create.isSuccess || isChecking;
  const total = selectionTotal(selection, mode, booking?.hourlyPriceCents ?? 0);

  // The student's CAP sessions and exams at the same time are warned about first; a failed look-up warns of nothing.
  const onConfirm = async () => {
    if (span) {
      setIsChecking(true);
      const found = await client.fetchQuery(bookingQueries.conflicts(span)).then((list) => selectionConflicts(list, selection), () => []);
      setIsChecking(false);
      if (found.length > 0) return setConflicts(found);
    }
    book();
  };

  const book = () => {
    setConflicts(null);
    create.mutate(
      { instructorId: assignment.instructor.id, licenseId: assignment.license.id, message, slots: selection },
      {
        onSuccess: (data) => onBooked(data.reservations.length, booking?.isDirectMode ?? false),
        onError: (error) => {
          const failure = readBookingFailure(error);
          if (failure.kind === "slots-unavailable") setUnavailable({ slots: failure.slots, reason: failure.reason });
          else if (failure.kind === "insufficient-balance")
            toast({ title: "Saldo insuficiente", description: failure.message, variant: "warning" });
          else toast({ title: "Error al crear la reserva", description: failure.message, variant: "destructive" });
        },
      },
    );
  };

  const onAcknowledge = () => {
    const remaining = removeSlots(selection, unavailable?.slots ?? []);
    const removed = selection.length - remaining.length;
    setUnavailable(null);
    onSelectionChange(remaining);
    if (remaining.length === 0) {
      toast({
        title: "Horarios actualizados",
        description: "Todos los horarios seleccionados ya no están disponibles. Por favor, selecciona nuevos horarios.",
        variant: "warning",
      });
      onNoSlotsLeft();
    } else {
      toast({
        title: "Horarios actualizados",
        description: `Se han eliminado ${removed} horario(s) que ya no están disponibles. Revisa tu selección.`,
        variant: "warning",
      });
    }
  };

  return (
    <div className="space-y-6">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Resumen de la reserva</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Profesor</dt>
            <dd className="font-medium">{assignment.instructor.firstName}</dd>
            <dt className="text-muted-foreground">Tipo de permiso</dt>
            <dd className="font-medium">Permiso {assignment.license.name}</dd>
          </dl>
          <div>
            <p className="mb-2 text-sm font-medium">Horarios seleccionados ({selection.length})</p>
            <ul className="divide-y rounded-lg border" data-testid="summary-slots">
              {selection.map((s) => (
                <li key={`${s.start}-${s.end}`} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
                  <span className="inline-block first-letter:uppercase">{formatLongDay(s.start)}</span>
                  <span className="font-medium tabular-nums">{formatTimeRange(s.start, s.end)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex items-center justify-between rounded-lg bg-muted px-4 py-3">
            <span className="font-medium">{mode === "money" ? "Coste total" : "Tiempo total"}</span>
            <span className="text-lg font-bold tabular-nums" data-testid="summary-total">
              {mode === "money" ? formatMoney(total) : formatDuration(total)}
            </span>
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-2">
        <Label htmlFor="booking-message">Mensaje (opcional)</Label>
        <Textarea
          id="booking-message"
          value={message}
          onChange={(e) => onMessageChange(e.target.value)}
          maxLength={MESSAGE_MAX}
          rows={3}
          placeholder="Añade un comentario para tu profesor"
        />
        <p className="text-right text-xs text-muted-foreground">
          {message.length}/{MESSAGE_MAX}
        </p>
      </div>

      {booking ? (
        <Alert className="border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
          <TriangleAlert aria-hidden />
          <AlertDescription className="text-current">
            {`Solo podrás cancelar una reserva hasta ${countOf(booking.cancelDeadlineHours, "hora", "horas")} antes de su inicio.`}
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="flex justify-end">
        {/* Stays busy after success too: the redirect is on its way and a second click must not book again. */}
        <Button onClick={() => void onConfirm()} disabled={isBusy || selection.length === 0} size="lg" className="min-h-11">
          {isBusy ? "Procesando..." : "Confirmar reservas"}
        </Button>
      </div>

      <SlotsUnavailableDialog slots={unavailable?.slots ?? null} reason={unavailable?.reason} onAcknowledge={onAcknowledge} />
      <ConflictsDialog
        conflicts={conflicts}
        onBookAnyway={book}
        onChangeSlots={() => {
          setConflicts(null);
          onChangeSlots();
        }}
        onClose={() => setConflicts(null)}
      />
    </div>
  );
}
