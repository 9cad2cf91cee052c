"use client";

import { MessageSquare, UserRound } from "lucide-react";
import Link from "next/link";
import { useDateFormat } from "@/components/shell/use-date-format";
import { useDecisionActions } from "@/components/instructor/decision-dialog";
import { availableDecisions } from "@/components/instructor/decisions";
import type { InstructorReservation } from "@/lib/contract/instructor";
import { STUDENT_LINK } from "./student-link";
import { useOfficeDecision } from "./use-office-decision";

/** A request waiting for the school (a booking or a cancellation), decided in place with the instructors' dialogs. */
export function OfficeRequestCard({ reservation: r, now }: { reservation: InstructorReservation; now: number }) {
  const formats = useDateFormat();
  const actions = useDecisionActions(r.id, useOfficeDecision(), { className: "h-11 flex-auto sm:h-9 sm:flex-none" });
  const decisions = availableDecisions(r, now);
  const request = r.cancellationRequest;

  return (
    <li data-testid="office-request" data-reservation-id={r.id} className="space-y-3 rounded-lg border bg-card p-4">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="text-base font-semibold tabular-nums first-letter:uppercase">{formats.lessonTime(r.start, r.end, now)}</p>
        <Link href={`/administrator/students/${r.student.id}`} className={`${STUDENT_LINK} text-base`}>
          {r.student.name}
        </Link>
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <UserRound className="size-4 shrink-0" aria-hidden />
          <span className="break-words">
            {r.instructor} · Permiso {r.license}
          </span>
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
      {decisions.length > 0 ? <div className="flex flex-wrap gap-2">{actions.buttons(decisions)}</div> : null}
      {actions.dialog}
    </li>
  );
}
