"use client";

import { CalendarClock, MapPin } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { UpcomingExam, UpcomingExamSlot } from "@/lib/contract/exams";
import { formatDateTime, formatLongDay, formatTime } from "@/lib/format/dates";
import { cn } from "@/lib/utils";
import { SLOT_STATUS_TEXT, availabilityText, slotStatus } from "./exam-texts";
import type { ExamAction } from "./use-exam-registration";

type Props = { exam: UpcomingExam; onAction: (slot: UpcomingExamSlot, action: ExamAction) => void };

function SlotRow({ slot, onAction }: { slot: UpcomingExamSlot; onAction: Props["onAction"] }) {
  const status = slotStatus(slot);
  const text = SLOT_STATUS_TEXT[status];
  const availability = availabilityText(slot);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="exam-slot" aria-label={`${slot.examType.name} · Permiso ${slot.licenseName}`}>
      <div className="min-w-0">
        <p className="font-medium">
          {slot.examType.name} <span className="text-muted-foreground">· Permiso {slot.licenseName}</span>
        </p>
        <p className={cn("text-sm", slot.visibleRemaining === 0 ? "text-destructive" : "text-muted-foreground")} data-testid="exam-slot-availability">
          {availability}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {status === "registered" || status === "backup" ? (
          <>
            <Badge variant={status === "registered" ? "success" : "warning"}>{text}</Badge>
            <Button size="sm" variant="ghost" onClick={() => onAction(slot, "withdraw")}>
              {status === "registered" ? "Anular inscripción" : "Salir de la reserva"}
            </Button>
          </>
        ) : status === "can-register" ? (
          <Button size="sm" onClick={() => onAction(slot, "register")}>
            {text}
          </Button>
        ) : status === "can-backup" ? (
          <Button size="sm" variant="outline" onClick={() => onAction(slot, "backup")}>
            {text}
          </Button>
        ) : (
          <Badge variant="outline" className="text-muted-foreground">
            {text}
          </Badge>
        )}
      </div>
    </li>
  );
}

function windowState(exam: UpcomingExam, now: number): { text: string; variant: "success" | "outline" } {
  if (now < Date.parse(exam.inscriptionsOpening)) return { text: `Inscripciones a partir del ${formatDateTime(exam.inscriptionsOpening)}`, variant: "outline" };
  if (now >= Date.parse(exam.inscriptionsClosing)) return { text: "Inscripciones cerradas", variant: "outline" };
  return { text: "Inscripciones abiertas", variant: "success" };
}

export function UpcomingExamCard({ exam, onAction }: Props) {
  const state = windowState(exam, Date.now());
  return (
    <Card className="gap-2" data-testid="upcoming-exam">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="first-letter:uppercase">{formatLongDay(exam.date)}</CardTitle>
          <Badge variant={state.variant} className={state.variant === "outline" ? "text-muted-foreground" : undefined}>
            {state.text}
          </Badge>
        </div>
        <div className="flex flex-col gap-1 text-sm text-muted-foreground">
          <span className="flex items-center gap-2">
            <CalendarClock className="size-4" aria-hidden />A las {formatTime(exam.date)} · Inscripciones del {formatDateTime(exam.inscriptionsOpening)} al{" "}
            {formatDateTime(exam.inscriptionsClosing)}
          </span>
          {exam.location ? (
            <span className="flex items-center gap-2">
              <MapPin className="size-4" aria-hidden />
              {exam.location}
            </span>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {exam.slots.map((slot) => (
            <SlotRow key={`${slot.examType.id}-${slot.license}`} slot={slot} onAction={onAction} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
