"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { InstructorAssignment, Slot } from "@/lib/contract/reservations";
import { formatDuration } from "@/lib/format/duration";
import { balanceQueries } from "@/components/balance/queries";
import { formatAmount, formatBalance } from "@/components/balance/balance-amount";
import { readBookingConfig } from "./booking-config";
import { BookingUnavailable, CalendarLoadError } from "./calendar-load-error";
import { CalendarSkeleton } from "./calendar-skeleton";
import { InsufficientBalanceDialog, type InsufficientBalance } from "./insufficient-balance-dialog";
import { configQueries } from "./queries";
import { selectionTotal, toggleSlot } from "./selection";
import { useIsPhone } from "./use-is-phone";
import { WeekSlotGrid } from "./week-slot-grid";

// Each view is fetched when it first renders, so the wizard's first load carries neither (and a phone never the grid).
const PhoneSlotPicker = dynamic(() => import("./phone-slot-picker").then((m) => m.PhoneSlotPicker), {
  ssr: false,
  loading: () => <CalendarSkeleton />,
});

type Props = {
  assignment: InstructorAssignment;
  durationSeconds: number | null;
  onDurationChange: (seconds: number) => void;
  selection: Slot[];
  onSelectionChange: (selection: Slot[]) => void;
  weekStart: Date;
  onWeekChange: (weekStart: Date) => void;
  /** The day the phone's picker shows ('YYYY-MM-DD'); null for today. */
  day: string | null;
  onDayChange: (day: string) => void;
  onContinue: () => void;
};

// Step 2 'Hora' (spec §2, §4, §5): the week grid on a wide screen, a day picker made for a thumb on a phone. Both
// show the same answer of GET /student/reservations/calendar and share the selection and its balance rules.
export function TimeStep(props: Props) {
  const { assignment, durationSeconds, selection, onSelectionChange } = props;
  const config = useQuery(configQueries.config());
  const balance = useQuery(balanceQueries.balance());
  const isPhone = useIsPhone();
  const booking = config.data ? readBookingConfig(config.data) : null;
  const options = booking?.durationOptions ?? [];
  const duration = durationSeconds !== null && options.includes(durationSeconds) ? durationSeconds : (options[0] ?? null);
  const [pendingDuration, setPendingDuration] = useState<number | null>(null);
  const [shortfall, setShortfall] = useState<InsufficientBalance | null>(null);

  useEffect(() => {
    if (booking?.durationError) console.error(booking.durationError);
  }, [booking?.durationError]);

  if (config.isPending || balance.isPending || isPhone === null) return <CalendarSkeleton />;
  if ((config.error && !config.data) || (balance.error && !balance.data)) return <CalendarLoadError />;
  if (!booking || !balance.data || duration === null) return <BookingUnavailable />;

  const mode = balance.data.balanceMode;
  const currentBalance = balance.data;
  const { hourlyPriceCents } = booking;
  const onToggle = (slot: Slot) => {
    const outcome = toggleSlot(selection, slot, currentBalance, hourlyPriceCents);
    if (outcome.kind === "insufficient-balance") {
      setShortfall({ mode, available: outcome.available, alreadySelected: outcome.alreadySelected });
      return false;
    }
    onSelectionChange(outcome.selection);
    return true;
  };
  const onDurationPick = (value: string) => {
    const next = Number(value);
    if (next === duration) return;
    if (selection.length > 0) setPendingDuration(next);
    else props.onDurationChange(next);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4 rounded-xl border bg-card p-4">
        <div className="grid gap-2">
          <Label htmlFor="practice-duration">Duración de la práctica</Label>
          <NativeSelect id="practice-duration" className="h-11 w-40 sm:h-9" value={String(duration)} onChange={(e) => onDurationPick(e.target.value)}>
            {options.map((o) => (
              <option key={o} value={String(o)}>
                {formatDuration(o)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div>
            <dt className="text-muted-foreground">Saldo disponible</dt>
            <dd className="font-semibold tabular-nums" data-testid="wizard-balance">{formatBalance(currentBalance)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Horarios seleccionados</dt>
            <dd className="font-semibold tabular-nums" data-testid="wizard-selected">
              {selection.length} ({formatAmount(mode, selectionTotal(selection, mode, hourlyPriceCents))})
            </dd>
          </div>
        </dl>
      </div>

      {isPhone ? (
        <PhoneSlotPicker
          instructorId={assignment.instructor.id}
          durationSeconds={duration}
          horizonDays={booking.horizonDays}
          selection={selection}
          day={props.day}
          onDayChange={props.onDayChange}
          onToggle={onToggle}
        />
      ) : (
        <WeekSlotGrid
          instructorId={assignment.instructor.id}
          durationSeconds={duration}
          selection={selection}
          weekStart={props.weekStart}
          onWeekChange={props.onWeekChange}
          onToggle={onToggle}
        />
      )}

      <div className="sticky bottom-0 z-20 -mx-1 flex justify-end border-t bg-background/95 px-1 py-3 backdrop-blur">
        <Button onClick={props.onContinue} disabled={selection.length === 0} className="h-11 w-full sm:h-9 sm:w-auto">
          Continuar
        </Button>
      </div>

      <ConfirmDialog
        open={pendingDuration !== null}
        onOpenChange={(open) => !open && setPendingDuration(null)}
        title="Cambiar duración"
        description="Si cambias la duración se eliminarán los horarios que has seleccionado. ¿Quieres continuar?"
        confirmText="Cambiar duración"
        onConfirm={() => {
          if (pendingDuration !== null) {
            onSelectionChange([]);
            props.onDurationChange(pendingDuration);
          }
          setPendingDuration(null);
        }}
      />
      <InsufficientBalanceDialog value={shortfall} onClose={() => setShortfall(null)} />
    </div>
  );
}
