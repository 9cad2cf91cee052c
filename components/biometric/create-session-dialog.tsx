"use client";

import { useEffect, useState } from "react";
import { Info } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { formContracts } from "@/components/shell/lazy-contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import {
  DEFAULT_TIMES_LABEL,
  DEFAULT_TIMES_NOTICE,
  isDateInCourse,
  sessionBounds,
  sessionName,
  type SessionTimes,
} from "@/lib/cap/sessions";
import type { CapCourse } from "@/lib/contract/cap";
import { fieldErrors, type FieldErrors } from "./form-errors";
import { FormDialogFooter } from "./form-dialog-footer";
import { FormField, invalidProps } from "./form-field";
import { useCreateSession } from "./use-session-mutations";
import { useTimeZone } from "@/components/shell/use-time-zone";

/** What the dialog opens with: an empty form, or today's date and the latest non-default times. */
export type SessionDraft = { date: string; times: SessionTimes | null };

type Props = { course: CapCourse; draft: SessionDraft | null; onOpenChange: (open: boolean) => void };

export function CreateSessionDialog({ course, draft, onOpenChange }: Props) {
  return (
    <Dialog open={draft !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Crear nueva sesión</DialogTitle>
          <DialogDescription>{course.name}</DialogDescription>
        </DialogHeader>
        {draft ? <SessionForm course={course} draft={draft} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SessionForm({ course, draft, onDone }: { course: CapCourse; draft: SessionDraft; onDone: () => void }) {
  const timeZone = useTimeZone();
  const createSession = useCreateSession(course.id);
  const [date, setDate] = useState(draft.date);
  const [isSpecific, setIsSpecific] = useState(draft.times !== null);
  const [startTime, setStartTime] = useState(draft.times?.startTime ?? "");
  const [endTime, setEndTime] = useState(draft.times?.endTime ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    if (!date) found.date = "La fecha es obligatoria";
    else if (!isDateInCourse(date, course)) found.date = "La fecha debe estar dentro del periodo del curso";
    if (isSpecific && !startTime) found.startTime = "La hora de inicio es obligatoria";
    if (isSpecific && !endTime) found.endTime = "La hora de fin es obligatoria";
    return found;
  }

  useEffect(formContracts.cap.preload, []);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.cap.load();
    if (!contract) return;
    const found = validate();
    if (Object.keys(found).length > 0) return setErrors(found);
    const bounds = sessionBounds(date, isSpecific ? { startTime, endTime } : null, timeZone);
    const parsed = contract.createCapSessionBodySchema.safeParse({
      name: sessionName(course.name, date),
      code: course.code,
      sectionId: course.sectionId,
      ...bounds,
    });
    if (!parsed.success) {
      const { end, ...rest } = fieldErrors(parsed.error);
      return setErrors({ ...rest, endTime: end });
    }
    setErrors({});
    createSession.mutate(parsed.data, {
      onSuccess: (session) => {
        toast({ title: "Sesión creada", description: session.name, variant: "success" });
        onDone();
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="session-date" label="Fecha" error={errors.date}>
        <Input id="session-date" type="date" required min={course.start} max={course.end} value={date} onChange={(e) => setDate(e.target.value)} {...invalidProps("session-date", errors.date)} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Horario</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="session-times" checked={!isSpecific} onChange={() => setIsSpecific(false)} className="size-4 accent-primary" />
            {DEFAULT_TIMES_LABEL}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="session-times" checked={isSpecific} onChange={() => setIsSpecific(true)} className="size-4 accent-primary" />
            Horario específico
          </label>
        </div>
      </fieldset>
      {isSpecific ? (
        <div className="grid grid-cols-2 gap-4">
          <FormField id="session-start" label="Hora de inicio" error={errors.startTime}>
            <Input id="session-start" type="time" required value={startTime} onChange={(e) => setStartTime(e.target.value)} {...invalidProps("session-start", errors.startTime)} />
          </FormField>
          <FormField id="session-end" label="Hora de fin" error={errors.endTime}>
            <Input id="session-end" type="time" required min={startTime || undefined} value={endTime} onChange={(e) => setEndTime(e.target.value)} {...invalidProps("session-end", errors.endTime)} />
          </FormField>
        </div>
      ) : (
        <Alert>
          <Info aria-hidden />
          <AlertDescription>{DEFAULT_TIMES_NOTICE}</AlertDescription>
        </Alert>
      )}
      {date ? (
        <p className="text-sm text-muted-foreground">
          Nombre de la sesión: <span className="font-medium text-foreground">{sessionName(course.name, date)}</span>
        </p>
      ) : null}
      <FormDialogFooter error={createSession.error} isPending={createSession.isPending} submitText="Crear sesión" pendingText="Creando..." onCancel={onDone} />
    </form>
  );
}
