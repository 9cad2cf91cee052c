"use client";

import { Car, IdCard, MessageSquare } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { InstructorReservation } from "@/lib/contract/instructor";
import { cn } from "@/lib/utils";
import { useDateFormat } from "@/components/shell/use-date-format";
import { StatusBadge } from "@/components/reservations/status-badge";
import { FinishPracticeButton } from "@/components/practices/finish-practice-button";
import { useDecisionActions } from "./decision-dialog";
import type { LessonPhase } from "./dashboard-day";
import { useReservationDecision, type Decision } from "./use-reservation-decision";

// Phone first: every control is at least 44 px tall (h-11) and the buttons share a line only when their labels fit
// (flex-auto with wrapping: 'Confirmar' and 'Denegar' side by side, the longer cancellation labels one per line).
const TOUCH = "h-11 flex-auto sm:h-9 sm:flex-none";

type Props = {
  reservation: InstructorReservation;
  decisions: Decision[];
  /** Today's lessons carry their phase and vehicle; the pending ones of other days show their date. */
  phase?: LessonPhase;
  vehicle?: string | null;
  showDate?: boolean;
};

export function DashboardLessonCard({ reservation: r, decisions, phase, vehicle, showDate = false }: Props) {
  const formats = useDateFormat();
  const actions = useDecisionActions(r.id, useReservationDecision(), { className: TOUCH });
  const isEnded = phase === "ended";
  const request = r.cancellationRequest;

  return (
    <li
      data-testid="dashboard-lesson"
      data-reservation-id={r.id}
      className={cn("space-y-3 rounded-lg border bg-card p-4", isEnded && decisions.length === 0 && "bg-muted/40")}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p className="text-lg font-semibold tabular-nums">
          {showDate ? <span className="block text-sm font-medium text-muted-foreground first-letter:uppercase">{formats.longDay(r.start)}</span> : null}
          {formats.timeRange(r.start, r.end)}
        </p>
        <div className="flex flex-wrap gap-1">
          {phase === "underway" ? <Badge variant="secondary">En curso</Badge> : null}
          <StatusBadge status={r.status} isDone={r.isDone || isEnded} />
          {r.hasCancellationRequest ? <Badge variant="warning">Cancelación solicitada</Badge> : null}
        </div>
      </div>
      <div className="min-w-0 space-y-1 text-sm">
        <p className="text-base font-medium break-words">{r.student.name}</p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <IdCard className="size-4 shrink-0" aria-hidden />
            Permiso {r.license}
          </span>
          {vehicle ? (
            <span className="flex min-w-0 items-center gap-1.5" data-testid="dashboard-lesson-vehicle">
              <Car className="size-4 shrink-0" aria-hidden />
              <span className="break-words">{vehicle}</span>
            </span>
          ) : null}
        </p>
        {r.message ? (
          <p className="flex items-start gap-1.5 text-muted-foreground">
            <MessageSquare className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="break-words whitespace-pre-line">{r.message}</span>
          </p>
        ) : null}
        {request ? (
          <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 dark:border-amber-800 dark:bg-amber-950/40">
            <p className="font-medium">Motivo de la cancelación</p>
            <p className="break-words whitespace-pre-line text-muted-foreground">{request.reason}</p>
          </div>
        ) : null}
      </div>
      {decisions.length > 0 || isEnded ? (
        <div className="flex flex-wrap gap-2 empty:hidden">
          {isEnded ? <FinishPracticeButton reservationId={r.id} className="h-11 w-full sm:h-9 sm:w-auto" /> : null}
          {actions.buttons(decisions)}
        </div>
      ) : null}
      {actions.dialog}
    </li>
  );
}
