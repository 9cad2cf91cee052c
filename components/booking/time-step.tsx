"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import type { InstructorAssignment, Slot } from "@/lib/contract/reservations";
import { formatDuration } from "@/lib/format/duration";
import { startOfSpanishWeek } from "@/lib/format/dates";
import { balanceQueries } from "@/components/balance/queries";
import { formatAmount, formatBalance } from "@/components/balance/balance-amount";
import { readBookingConfig } from "./booking-config";
import { BookingLegend } from "./booking-legend";
import { BookingUnavailable, CalendarLoadError } from "./calendar-load-error";
import { CalendarSkeleton } from "./calendar-skeleton";
import { InsufficientBalanceDialog, type InsufficientBalance } from "./insufficient-balance-dialog";
import { configQueries } from "./queries";
import { selectionTotal, toggleSlot, type DisplayEvent } from "./selection";
import { useSlotCalendar } from "./use-slot-calendar";

// FullCalendar renders in the browser only (notes/stack.md: time formatting differs between Node and Chromium).
const BookingCalendar = dynamic(() => import("./booking-calendar").then((m) => m.BookingCalendar), {
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
  onContinue: () => void;
};

// Step 2 'Hora' (spec §2, §4, §5).
export function TimeStep(props: Props) {
  const { assignment, durationSeconds, selection, onSelectionChange, weekStart } = props;
  const config = useQuery(configQueries.config());
  const balance = useQuery(balanceQueries.balance());
  const booking = config.data ? readBookingConfig(config.data) : null;
  const options = booking?.durationOptions ?? [];
  const duration = durationSeconds !== null && options.includes(durationSeconds) ? durationSeconds : (options[0] ?? null);
  const calendar = useSlotCalendar(assignment.instructor.id, duration, weekStart, selection);
  const [pendingDuration, setPendingDuration] = useState<number | null>(null);
  const [shortfall, setShortfall] = useState<InsufficientBalance | null>(null);
  // No navigation to weeks before the current one (spec §4).
  const [firstWeek] = useState(() => startOfSpanishWeek(new Date()));

  useEffect(() => {
    if (booking?.durationError) console.error(booking.durationError);
  }, [booking?.durationError]);

  if (config.isPending || balance.isPending) return <CalendarSkeleton />;
  if ((config.error && !config.data) || (balance.error && !balance.data)) return <CalendarLoadError />;
  if (!booking || !balance.data || duration === null) return <BookingUnavailable />;

  const mode = balance.data.balanceMode;
  const currentBalance = balance.data;
  const { hourlyPriceCents } = booking;
  const onSlotClick = (event: DisplayEvent) => {
    const slot = { start: event.start, end: event.end };
    const outcome = toggleSlot(selection, slot, currentBalance, hourlyPriceCents);
    if (outcome.kind === "insufficient-balance") {
      setShortfall({ mode, available: outcome.available, alreadySelected: outcome.alreadySelected });
      return;
    }
    calendar.highlight(slot);
    onSelectionChange(outcome.selection);
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
          <NativeSelect id="practice-duration" className="w-40" value={String(duration)} onChange={(e) => onDurationPick(e.target.value)}>
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

      <BookingLegend />
      {calendar.query.error && !calendar.query.data ? (
        <CalendarLoadError />
      ) : calendar.query.isPending ? (
        <CalendarSkeleton />
      ) : (
        <div className="relative overflow-x-auto rounded-xl border bg-card p-2 sm:p-4">
          {calendar.query.isPlaceholderData ? (
            <div className="absolute inset-0 z-10 flex items-center justify-center bg-background/60" aria-busy="true">
              <Spinner className="size-6" />
            </div>
          ) : null}
          <BookingCalendar
            events={calendar.events}
            highlightedKey={calendar.highlightedKey}
            initialDate={weekStart}
            validStart={firstWeek}
            onRangeChange={(range) => {
              if (range.start.getTime() !== weekStart.getTime()) props.onWeekChange(range.start);
            }}
            onSlotClick={onSlotClick}
          />
        </div>
      )}

      <div className="sticky bottom-0 z-20 -mx-1 flex justify-end border-t bg-background/95 px-1 py-3 backdrop-blur">
        <Button onClick={props.onContinue} disabled={selection.length === 0}>
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
