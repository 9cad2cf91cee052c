"use client";

import { useEffect, useState } from "react";

import { formContracts } from "@/components/shell/lazy-contract";
import { useTimeZone } from "@/components/shell/use-time-zone";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { checkTypedTime } from "@/lib/cap/attendance-records";
import { localDateOf, zonedInstant } from "@/lib/cap/zoned-time";
import type { CapSession } from "@/lib/contract/cap";
import { MANUAL_REASON_LABELS, MANUAL_REASONS, RECORD_NOTE_MAX, type ManualReason } from "@/lib/contract/constants/cap";
import { cn } from "@/lib/utils";
import type { CaptureTarget } from "./capture-target";
import { FormDialogFooter } from "./form-dialog-footer";
import { fieldErrors, type FieldErrors } from "./form-errors";
import { FormField, invalidProps } from "./form-field";
import { PasswordConfirmField, splitPasswordError } from "./password-confirm-field";
import { useManualAttendance } from "./use-attendance-records";

export type ManualTarget = CaptureTarget & { reason?: ManualReason };
type Props = { session: CapSession; target: ManualTarget | null; onOpenChange: (open: boolean) => void };

/** The office's fallback (issue 30 §3): an entry or exit by hand, with its reason and the administrator's password. */
export function ManualAttendanceDialog({ session, target, onOpenChange }: Props) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {target ? <ManualForm key={`${target.attendance.id}-${target.type}`} session={session} target={target} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ManualForm({ session, target, onDone }: { session: CapSession; target: ManualTarget; onDone: () => void }) {
  const { attendance, type } = target;
  const timeZone = useTimeZone();
  const manual = useManualAttendance(session);
  const [reason, setReason] = useState<ManualReason | null>(target.reason ?? null);
  const [note, setNote] = useState("");
  const [time, setTime] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const reasons = MANUAL_REASONS.filter((r) => r !== "forgot-exit" || type === "out");
  const server = splitPasswordError(manual.error);
  const label = type === "in" ? "entrada" : "salida";

  useEffect(formContracts.cap.preload, []);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.cap.load();
    if (!contract) return;
    const at = time ? zonedInstant(localDateOf(session.start, timeZone), time, timeZone).toISOString() : null;
    const parsed = contract.manualAttendanceBodySchema.safeParse({
      capSessionId: session.id,
      studentId: attendance.studentId,
      type,
      reason: reason ?? undefined,
      note,
      at,
      password,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    const timeError = at ? checkTypedTime(type, at, session, attendance, timeZone) : null;
    if (timeError) return setErrors({ at: timeError.message });
    setErrors({});
    manual.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: type === "in" ? "Entrada manual registrada" : "Salida manual registrada", description: attendance.studentName, variant: "success" });
        onDone();
      },
    });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{type === "in" ? "Entrada manual" : "Salida manual"}</DialogTitle>
        <DialogDescription>
          {attendance.studentName} · {attendance.studentDni}. Sin verificación facial: quedará como «Manual» con su motivo.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <fieldset className="grid gap-2" aria-describedby={errors.reason ? "manual-reason-error" : undefined}>
          <legend className="mb-2 text-sm font-medium">Motivo</legend>
          {reasons.map((r) => (
            <label
              key={r}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 text-sm hover:bg-accent",
                reason === r && "border-primary bg-accent",
              )}
            >
              <input type="radio" name="manual-reason" value={r} checked={reason === r} onChange={() => setReason(r)} className="size-4 accent-primary" />
              {MANUAL_REASON_LABELS[r]}
            </label>
          ))}
          {errors.reason ? (
            <p id="manual-reason-error" className="text-sm text-destructive">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        {reason === "other" ? (
          <FormField id="manual-note" label="Describe el motivo" error={errors.note}>
            <Textarea id="manual-note" maxLength={RECORD_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} {...invalidProps("manual-note", errors.note)} />
          </FormField>
        ) : null}
        <FormField id="manual-time" label={`Hora de ${label} (opcional)`} error={errors.at} hint="Vacía: se registra la hora actual.">
          <Input id="manual-time" type="time" value={time} onChange={(e) => {
              setTime(e.target.value);
              setErrors((prev) => ({ ...prev, at: undefined }));
            }}
            {...invalidProps("manual-time", errors.at)} />
        </FormField>
        <PasswordConfirmField id="manual-password" value={password} onChange={setPassword} error={errors.password ?? server.password} />
        <FormDialogFooter
          error={server.footer}
          isPending={manual.isPending}
          submitText={`Registrar ${label} manual`}
          pendingText="Registrando..."
          onCancel={onDone}
        />
      </form>
    </>
  );
}
