"use client";

import { CalendarClock, Clock, IdCard, Info, User } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "@/components/ui/card";
import { useDateFormat } from "@/components/shell/use-date-format";
import { formatDuration } from "@/lib/format/duration";
import type { Reservation } from "@/lib/contract/reservations";
import { cn } from "@/lib/utils";
import { useQuery } from "@tanstack/react-query";
import { configQueries } from "@/components/booking/queries";
import { readBookingConfig } from "@/components/booking/booking-config";
import { CancelReservationDialog } from "./cancel-reservation-dialog";
import { MoveLessonButton } from "./move-lesson-button";
import { cancellationClosedNote } from "./cancellation-window";
import { RequestCancellationDialog } from "./request-cancellation-dialog";
import { isLessonDone } from "@/lib/contract/constants/reservations";
import { isActiveStatus } from "./reservation-lists";
import { StatusBadge } from "./status-badge";

function Row({ icon: Icon, label, children }: { icon: typeof Clock; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="text-muted-foreground">{label}:</span>
      <span className="font-medium">{children}</span>
    </div>
  );
}

// `now` is the list's clock (use-now.ts): 'Hoy' / 'Mañana' and 'Realizada' follow it while the page stays open.
export function ReservationCard({ reservation, now }: { reservation: Reservation; now: number }) {
  const [dialog, setDialog] = useState<"cancel" | "request" | null>(null);
  const formats = useDateFormat();
  const isActive = isActiveStatus(reservation.status);
  const isPendingCancellation = reservation.hasCancellationRequest;
  const canCancel = reservation.canCancel && !isPendingCancellation;
  const canRequest = reservation.canRequestCancellation && !isPendingCancellation;
  const config = useQuery(configQueries.config());
  const closedNote = config.data ? cancellationClosedNote(reservation, now, readBookingConfig(config.data).cancelDeadlineHours) : null;

  return (
    <Card
      data-testid="reservation-card"
      data-status={reservation.status}
      data-reservation-id={reservation.id}
      className={cn("gap-4 py-5", !isActive && "border-dashed bg-muted/60 shadow-none")}
    >
      <CardHeader className="flex flex-wrap items-start justify-between gap-2 px-5">
        <div className="flex items-center gap-2 text-sm">
          <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="font-semibold tabular-nums" data-testid="reservation-when">
            {formats.lessonTime(reservation.start, reservation.end, now)}
          </span>
        </div>
        <StatusBadge status={reservation.status} isDone={isLessonDone(reservation, now)} />
      </CardHeader>
      <CardContent className="space-y-2 px-5">
        <Row icon={User} label="Profesor">
          {reservation.instructor}
        </Row>
        <Row icon={IdCard} label="Permiso">
          {reservation.license}
        </Row>
        <Row icon={Clock} label="Duración">
          {formatDuration(reservation.duration)}
        </Row>
        {reservation.status === "anulled" ? (
          // Until the app sends notifications, the card is how the student learns of it (docs/decisions.md).
          <p className="flex items-start gap-2 text-sm" data-testid="annulled-notice">
            <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span>
              <span className="font-medium">Anulada por la autoescuela.</span>{" "}
              <span className="text-muted-foreground">El importe se ha devuelto a tu saldo.</span>
            </span>
          </p>
        ) : null}
        {reservation.cancellationReason ? (
          <div className="rounded-md bg-muted px-3 py-2 text-sm">
            <p className="font-medium">Motivo</p>
            <p className="break-words whitespace-pre-line text-muted-foreground">{reservation.cancellationReason}</p>
          </div>
        ) : null}
        {reservation.cancellationResponse ? (
          <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-800 dark:bg-amber-950/40">
            <p className="font-medium">Solicitud de cancelación rechazada</p>
            <p className="break-words whitespace-pre-line text-muted-foreground">{reservation.cancellationResponse}</p>
          </div>
        ) : null}
      </CardContent>
      {closedNote ? (
        <p className="mx-5 flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground" data-testid="cancellation-closed">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
          {closedNote}
        </p>
      ) : null}
      {isPendingCancellation || canCancel || canRequest || reservation.canMove ? (
        <CardFooter className="flex flex-wrap gap-2 px-5">
          {isPendingCancellation ? <Badge variant="warning">Solicitud de cancelación pendiente</Badge> : null}
          {reservation.canMove ? <MoveLessonButton role="student" lesson={reservation} /> : null}
          {canCancel ? (
            <Button variant="outline" size="sm" className="h-11 sm:h-8" onClick={() => setDialog("cancel")}>
              Cancelar solicitud
            </Button>
          ) : null}
          {canRequest ? (
            <Button variant="outline" size="sm" className="h-11 sm:h-8" onClick={() => setDialog("request")}>
              Solicitar cancelación
            </Button>
          ) : null}
        </CardFooter>
      ) : null}
      {/* Mounted only while open: a list of n cards no longer mounts 2n dialogs and their mutations on load. */}
      {dialog === "cancel" ? (
        <CancelReservationDialog reservationId={reservation.id} open onOpenChange={(open) => setDialog(open ? "cancel" : null)} />
      ) : null}
      {dialog === "request" ? (
        <RequestCancellationDialog reservationId={reservation.id} open onOpenChange={(open) => setDialog(open ? "request" : null)} />
      ) : null}
    </Card>
  );
}
