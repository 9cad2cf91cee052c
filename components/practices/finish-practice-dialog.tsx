"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { FormDialogFooter } from "@/components/biometric/form-dialog-footer";
import type { FieldErrors } from "@/components/biometric/form-errors";
import { formContracts } from "@/components/shell/lazy-contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { PendingPractice } from "@/lib/contract/practices";
import { formatTimeRange } from "@/lib/format/dates";
import { emptyPracticeFields, PracticeFields, practiceFieldsBody, vehiclesFor, type PracticeFieldValues } from "./practice-fields";
import { practiceDay } from "./practice-format";
import { practiceQueries } from "./queries";
import { checkPracticeForm, useRecordPractice } from "./use-record-practice";

type Props = { lesson: PendingPractice | null; onClose: () => void };

// 'Finalizar práctica': the confirmed lesson becomes a practice with vehicle, km, observations and both signatures.
export function FinishPracticeDialog({ lesson, onClose }: Props) {
  return (
    <Dialog open={lesson !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" onInteractOutside={(e) => e.preventDefault()}>
        {lesson ? (
          <>
            <DialogHeader>
              <DialogTitle>Finalizar práctica</DialogTitle>
              <DialogDescription>
                {lesson.studentName} · {practiceDay(lesson.start)} · {formatTimeRange(lesson.start, lesson.end)} · Permiso {lesson.license}
              </DialogDescription>
            </DialogHeader>
            <FinishForm lesson={lesson} onDone={onClose} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function FinishForm({ lesson, onDone }: { lesson: PendingPractice; onDone: () => void }) {
  const fleet = useQuery(practiceQueries.vehicles());
  const vehicles = vehiclesFor(fleet.data ?? [], lesson.licenseId);
  const [values, setValues] = useState<PracticeFieldValues>(() => emptyPracticeFields());
  const [errors, setErrors] = useState<FieldErrors>({});
  const record = useRecordPractice();
  // With a single vehicle for the licence, it is the one.
  const vehicleId = values.vehicleId || (vehicles.length === 1 ? vehicles[0]!.id : "");

  useEffect(formContracts.practices.preload, []);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.practices.load();
    if (!contract) return;
    const body = { ...practiceFieldsBody({ ...values, vehicleId }), reservationId: lesson.reservationId };
    const checked = checkPracticeForm(contract.finishPracticeBodySchema, body, values);
    setErrors(checked.errors);
    if (checked.data) record.mutate({ kind: "finish", body: checked.data }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <PracticeFields values={{ ...values, vehicleId }} errors={errors} vehicles={vehicles} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} />
      <FormDialogFooter error={record.error} isPending={record.isPending} submitText="Finalizar práctica" pendingText="Procesando..." onCancel={onDone} />
    </form>
  );
}
