"use client";

import { useEffect, useState } from "react";

import { formContracts } from "@/components/shell/lazy-contract";
import { useTimeZone } from "@/components/shell/use-time-zone";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { checkTypedTime, recordLabel } from "@/lib/cap/attendance-records";
import { formatLocalDate, localDateOf, localTimeOf, zonedInstant } from "@/lib/cap/zoned-time";
import type { Attendance, AttendanceType, CapSession } from "@/lib/contract/cap";
import { RECORD_NOTE_MAX } from "@/lib/contract/constants/cap";
import { cn } from "@/lib/utils";
import { CorrectionHistory } from "./correction-history";
import { FormDialogFooter } from "./form-dialog-footer";
import { fieldErrors, type FieldErrors } from "./form-errors";
import { FormField, invalidProps } from "./form-field";
import { PasswordConfirmField, splitPasswordError } from "./password-confirm-field";
import { useCorrectAttendance } from "./use-attendance-records";

type Props = { session: CapSession; target: Attendance | null; onOpenChange: (open: boolean) => void };

/** A correction after the session (issue 30 §4): a new entry or exit time, with its reason; the history stays. */
export function CorrectAttendanceDialog({ session, target, onOpenChange }: Props) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        {target ? <CorrectForm key={target.id} session={session} attendance={target} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const TYPE_LABELS: Record<AttendanceType, string> = { in: "Entrada", out: "Salida" };

function CorrectForm({ session, attendance, onDone }: { session: CapSession; attendance: Attendance; onDone: () => void }) {
  const timeZone = useTimeZone();
  const correct = useCorrectAttendance(session, attendance.id);
  const [type, setType] = useState<AttendanceType>(attendance.in ? "out" : "in");
  const current = type === "in" ? attendance.in : attendance.out;
  const [time, setTime] = useState(current ? localTimeOf(current, timeZone) : "");
  const [reason, setReason] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const server = splitPasswordError(correct.error);
  const date = localDateOf(session.start, timeZone);

  useEffect(formContracts.cap.preload, []);

  function onType(next: AttendanceType) {
    setType(next);
    const value = next === "in" ? attendance.in : attendance.out;
    setTime(value ? localTimeOf(value, timeZone) : "");
    setErrors({});
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.cap.load();
    if (!contract) return;
    if (!time) return setErrors({ time: "La hora es obligatoria" });
    const instant = zonedInstant(date, time, timeZone).toISOString();
    const parsed = contract.correctAttendanceBodySchema.safeParse({ type, time: instant, reason, password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    const timeError = checkTypedTime(type, instant, session, attendance, timeZone);
    if (timeError) return setErrors({ time: timeError.message });
    setErrors({});
    correct.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: "Corrección guardada", description: `${attendance.studentName} · ${TYPE_LABELS[type]} ${time}`, variant: "success" });
        onDone();
      },
    });
  }

  const record = type === "in" ? attendance.inRecord : attendance.outRecord;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Corregir asistencia</DialogTitle>
        <DialogDescription>
          {attendance.studentName} · {formatLocalDate(date)} ({localTimeOf(session.start, timeZone)} - {localTimeOf(session.end, timeZone)})
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="mb-2 text-sm font-medium">Hora que se corrige</legend>
          {(["in", "out"] as const).map((t) => (
            <label
              key={t}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 text-sm hover:bg-accent",
                type === t && "border-primary bg-accent",
                t === "out" && !attendance.in && "pointer-events-none opacity-50",
              )}
            >
              <input type="radio" name="correct-type" checked={type === t} disabled={t === "out" && !attendance.in} onChange={() => onType(t)} className="size-4 accent-primary" />
              {TYPE_LABELS[t]}
            </label>
          ))}
        </fieldset>
        <p className="text-sm text-muted-foreground">
          Registrada: {current ? localTimeOf(current, timeZone) : "sin registrar"}
          {current ? ` · ${recordLabel(record) ?? "Verificación facial"}` : ""}
        </p>
        <FormField id="correct-time" label={`Nueva hora de ${TYPE_LABELS[type].toLowerCase()}`} error={errors.time}>
          <Input id="correct-time" type="time" value={time} onChange={(e) => {
              setTime(e.target.value);
              setErrors((prev) => ({ ...prev, time: undefined }));
            }}
            {...invalidProps("correct-time", errors.time)} />
        </FormField>
        <FormField id="correct-reason" label="Motivo de la corrección" error={errors.reason}>
          <Textarea id="correct-reason" maxLength={RECORD_NOTE_MAX} value={reason} onChange={(e) => setReason(e.target.value)} {...invalidProps("correct-reason", errors.reason)} />
        </FormField>
        <PasswordConfirmField id="correct-password" value={password} onChange={setPassword} error={errors.password ?? server.password} />
        <FormDialogFooter error={server.footer} isPending={correct.isPending} submitText="Guardar corrección" pendingText="Guardando..." onCancel={onDone} />
      </form>
      <CorrectionHistory attendanceId={attendance.id} timeZone={timeZone} />
    </>
  );
}
