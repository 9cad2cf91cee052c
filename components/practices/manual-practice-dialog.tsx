"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { FormDialogFooter } from "@/components/biometric/form-dialog-footer";
import type { FieldErrors } from "@/components/biometric/form-errors";
import { FormField, invalidProps } from "@/components/biometric/form-field";
import { instructorQueries } from "@/components/instructor/queries";
import { formContracts } from "@/components/shell/lazy-contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { formatIsoDate } from "@/lib/format/dates";
import { emptyPracticeFields, PracticeFields, practiceFieldsBody, vehiclesFor, type PracticeFieldValues } from "./practice-fields";
import { practiceQueries } from "./queries";
import { checkPracticeForm, useRecordPractice } from "./use-record-practice";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

// 'Práctica manual': a lesson agreed at the desk, without a reservation (our wording, docs/decisions/practices.md).
export function ManualPracticeDialog({ open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Práctica manual</DialogTitle>
          <DialogDescription>Registra una práctica acordada en la autoescuela, sin reserva previa.</DialogDescription>
        </DialogHeader>
        {open ? <ManualForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

// A local date and time of the browser as an instant (the school and its instructors share the time zone).
const instant = (date: string, time: string) => (date && time ? new Date(`${date}T${time}`).toISOString() : "");

function ManualForm({ onDone }: { onDone: () => void }) {
  const students = useQuery(instructorQueries.students());
  const fleet = useQuery(practiceQueries.vehicles());
  const [studentId, setStudentId] = useState("");
  const [licenseId, setLicenseId] = useState("");
  const [date, setDate] = useState(() => formatIsoDate(new Date()));
  const [times, setTimes] = useState({ start: "", end: "" });
  const [values, setValues] = useState<PracticeFieldValues>(() => emptyPracticeFields());
  const [errors, setErrors] = useState<FieldErrors>({});
  const record = useRecordPractice();
  const student = students.data?.find((s) => s.id === studentId);
  const licenses = student?.licenses ?? [];
  const chosenLicense = licenseId || (licenses.length === 1 ? licenses[0]!.id : "");
  const vehicles = vehiclesFor(fleet.data ?? [], chosenLicense || null);

  useEffect(formContracts.practices.preload, []);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.practices.load();
    if (!contract) return;
    const required: FieldErrors = {};
    if (!studentId) required.studentId = "Selecciona un alumno";
    if (!chosenLicense) required.licenseId = "Selecciona un permiso";
    if (!date) required.date = "Indica la fecha";
    if (!times.start) required.startAt = "Indica la hora de inicio";
    if (!times.end) required.endAt = "Indica la hora de fin";
    const body = {
      ...practiceFieldsBody(values),
      studentId,
      licenseId: chosenLicense,
      startAt: instant(date, times.start),
      endAt: instant(date, times.end),
    };
    const checked = checkPracticeForm(contract.manualPracticeBodySchema, body, values);
    const all = { ...checked.errors, ...required };
    setErrors(all);
    if (checked.data && Object.keys(required).length === 0) record.mutate({ kind: "manual", body: checked.data }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="manual-student" label="Alumno" error={errors.studentId}>
          <NativeSelect id="manual-student" value={studentId} onChange={(e) => {
              setStudentId(e.target.value);
              setLicenseId("");
            }} {...invalidProps("manual-student", errors.studentId)}>
            <option value="">Selecciona un alumno</option>
            {students.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="manual-license" label="Permiso" error={errors.licenseId}>
          <NativeSelect id="manual-license" value={chosenLicense} disabled={!student} onChange={(e) => setLicenseId(e.target.value)} {...invalidProps("manual-license", errors.licenseId)}>
            <option value="">Selecciona un permiso</option>
            {licenses.map((l) => (
              <option key={l.id} value={l.id}>
                Permiso {l.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <FormField id="manual-date" label="Fecha" error={errors.date}>
          <Input id="manual-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} {...invalidProps("manual-date", errors.date)} />
        </FormField>
        <FormField id="manual-start" label="Hora de inicio" error={errors.startAt}>
          <Input id="manual-start" type="time" step={300} value={times.start} onChange={(e) => setTimes((t) => ({ ...t, start: e.target.value }))} {...invalidProps("manual-start", errors.startAt)} />
        </FormField>
        <FormField id="manual-end" label="Hora de fin" error={errors.endAt}>
          <Input id="manual-end" type="time" step={300} value={times.end} onChange={(e) => setTimes((t) => ({ ...t, end: e.target.value }))} {...invalidProps("manual-end", errors.endAt)} />
        </FormField>
      </div>
      <PracticeFields values={values} errors={errors} vehicles={vehicles} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} />
      <FormDialogFooter error={record.error} isPending={record.isPending} submitText="Registrar práctica" pendingText="Procesando..." onCancel={onDone} />
    </form>
  );
}
