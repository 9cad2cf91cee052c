"use client";

import { Building2, CalendarClock, Clock, IdCard, MessageSquare, User } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardFooter, CardHeader } from "@/components/ui/card";
import type { InstructorReservation } from "@/lib/contract/instructor";
import { formatDuration } from "@/lib/format/duration";
import { cn } from "@/lib/utils";
import { useDateFormat } from "@/components/shell/use-date-format";
import { isActiveStatus } from "@/components/reservations/reservation-lists";
import { StatusBadge } from "@/components/reservations/status-badge";
import { isLessonDone } from "@/lib/contract/constants/reservations";
import { FinishPracticeButton } from "@/components/practices/finish-practice-button";
import { MoveLessonButton } from "@/components/reservations/move-lesson-button";
import { actedByLines } from "./acted-by";
import { useDecisionActions } from "./decision-dialog";
import { availableDecisions } from "./decisions";
import { useReservationDecision } from "./use-reservation-decision";

export function InstructorReservationCard({ reservation, now }: { reservation: InstructorReservation; now: number }) {
  const formats = useDateFormat();
  const actions = useDecisionActions(reservation.id, useReservationDecision(), { size: "sm" });
  const decisions = availableDecisions(reservation, now);
  const request = reservation.cancellationRequest;
  // A confirmed lesson whose time has come can be finished (the button shows while it has no practice yet).
  const mayFinish = reservation.status === "confirmed" && Date.parse(reservation.start) <= now;

  return (
    <Card
      data-testid="instructor-reservation-card"
      data-reservation-id={reservation.id}
      // Set apart like the student's cards: a faded card (opacity) would take its text below 4.5:1 (WCAG 1.4.3).
      className={cn("gap-4 py-5", !isActiveStatus(reservation.status) && "border-dashed bg-muted/60 shadow-none")}
    >
      <CardHeader className="flex flex-wrap items-start justify-between gap-2 px-5">
        <div className="space-y-1">
          <p className="flex items-center gap-2 font-semibold">
            <User className="size-4 text-muted-foreground" aria-hidden />
            {reservation.student.name}
          </p>
          {reservation.student.dni ? <p className="pl-6 text-xs text-muted-foreground">DNI {reservation.student.dni}</p> : null}
        </div>
        <div className="flex flex-wrap gap-1">
          <StatusBadge status={reservation.status} isDone={isLessonDone(reservation, now)} />
          {reservation.hasCancellationRequest ? <Badge variant="warning">Cancelación solicitada</Badge> : null}
        </div>
      </CardHeader>
      <CardContent className="space-y-2 px-5 text-sm">
        <p className="flex items-center gap-2">
          <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
          <span className="font-medium tabular-nums">{formats.lessonTime(reservation.start, reservation.end, now)}</span>
        </p>
        <p className="flex items-center gap-2">
          <IdCard className="size-4 text-muted-foreground" aria-hidden />
          Permiso {reservation.license}
          <Clock className="ml-3 size-4 text-muted-foreground" aria-hidden />
          {formatDuration(reservation.duration)}
        </p>
        {actedByLines(reservation).map((line) => (
          <p key={line} className="flex items-start gap-2 text-muted-foreground" data-testid="acted-by">
            <Building2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{line}</span>
          </p>
        ))}
        {reservation.message ? (
          <p className="flex items-start gap-2 text-muted-foreground">
            <MessageSquare className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="break-words whitespace-pre-line">{reservation.message}</span>
          </p>
        ) : null}
        {request ? (
          <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 dark:border-amber-800 dark:bg-amber-950/40">
            <p className="font-medium">Motivo de la cancelación</p>
            <p className="break-words whitespace-pre-line text-muted-foreground">{request.reason}</p>
            <p className="mt-1 text-xs text-muted-foreground">Solicitada el {formats.dateTime(request.requestedAt)}</p>
          </div>
        ) : reservation.cancellationReason ? (
          <div className="rounded-md bg-muted px-3 py-2">
            <p className="font-medium">Motivo</p>
            <p className="break-words whitespace-pre-line text-muted-foreground">{reservation.cancellationReason}</p>
          </div>
        ) : null}
        {reservation.cancellationResponse ? (
          <div className="rounded-md bg-muted px-3 py-2">
            <p className="font-medium">Cancelación rechazada</p>
            <p className="break-words whitespace-pre-line text-muted-foreground">{reservation.cancellationResponse}</p>
          </div>
        ) : null}
      </CardContent>
      {decisions.length > 0 || mayFinish || reservation.canMove ? (
        <CardFooter className="flex flex-wrap gap-2 px-5 empty:hidden">
          {mayFinish ? <FinishPracticeButton reservationId={reservation.id} /> : null}
          {reservation.canMove ? <MoveLessonButton role="instructor" lesson={reservation} /> : null}
          {actions.buttons(decisions)}
        </CardFooter>
      ) : null}
      {actions.dialog}
    </Card>
  );
}
