"use client";

import { FormField, invalidProps } from "@/components/biometric/form-field";
import type { FieldErrors } from "@/components/biometric/form-errors";
import { NativeSelect } from "@/components/ui/native-select";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { PracticeVehicle } from "@/lib/contract/practices";
import { formatKm } from "./practice-format";
import { SignatureField } from "./signature-field";

export type PracticeFieldValues = {
  vehicleId: string;
  kmStart: string;
  kmEnd: string;
  observations: string;
  studentSignature: string | null;
  instructorSignature: string | null;
};

export const emptyPracticeFields = (vehicleId = ""): PracticeFieldValues => ({
  vehicleId,
  kmStart: "",
  kmEnd: "",
  observations: "",
  studentSignature: null,
  instructorSignature: null,
});

const kmNumber = (value: string) => (value.trim() === "" ? undefined : Number(value));

/** The request fields the form holds (the contract then checks them, with its Spanish messages). */
export const practiceFieldsBody = (v: PracticeFieldValues) => ({
  vehicleId: v.vehicleId,
  kmStart: kmNumber(v.kmStart),
  kmEnd: kmNumber(v.kmEnd),
  observations: v.observations,
  studentSignature: v.studentSignature ?? undefined,
  instructorSignature: v.instructorSignature ?? undefined,
});

export const SIGNATURE_ERRORS = { studentSignature: "Falta la firma del alumno", instructorSignature: "Falta la firma del profesor" };

/** Vehicles of the fleet for a licence: those of that licence and those of none. */
export const vehiclesFor = (fleet: PracticeVehicle[], licenseId: string | null) =>
  fleet.filter((v) => !licenseId || v.licenseId === null || v.licenseId === licenseId);

type Props = {
  values: PracticeFieldValues;
  errors: FieldErrors;
  vehicles: PracticeVehicle[];
  onChange: (patch: Partial<PracticeFieldValues>) => void;
};

// Vehicle, odometer at start and end, observations and the two signatures: what finishing a lesson records.
export function PracticeFields({ values, errors, vehicles, onChange }: Props) {
  const start = kmNumber(values.kmStart);
  const end = kmNumber(values.kmEnd);
  const traveled = start !== undefined && end !== undefined && Number.isInteger(start) && end >= start ? end - start : null;
  return (
    <>
      <FormField id="practice-vehicle" label="Vehículo" error={errors.vehicleId}>
        <NativeSelect id="practice-vehicle" value={values.vehicleId} onChange={(e) => onChange({ vehicleId: e.target.value })} {...invalidProps("practice-vehicle", errors.vehicleId)}>
          <option value="">Selecciona un vehículo</option>
          {vehicles.map((v) => (
            <option key={v.id} value={v.id}>
              {v.plate}
              {v.description ? ` · ${v.description}` : ""}
              {v.license ? ` (Permiso ${v.license})` : ""}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid grid-cols-2 items-start gap-4">
        <FormField id="practice-km-start" label="Km. Inicio" error={errors.kmStart}>
          <Input id="practice-km-start" type="number" inputMode="numeric" min={0} step={1} value={values.kmStart} onChange={(e) => onChange({ kmStart: e.target.value })} {...invalidProps("practice-km-start", errors.kmStart)} />
        </FormField>
        <FormField id="practice-km-end" label="Km. Fin" error={errors.kmEnd}>
          <Input id="practice-km-end" type="number" inputMode="numeric" min={0} step={1} value={values.kmEnd} onChange={(e) => onChange({ kmEnd: e.target.value })} {...invalidProps("practice-km-end", errors.kmEnd)} />
        </FormField>
      </div>
      <p className="-mt-2 text-sm text-muted-foreground" data-testid="practice-km-traveled">
        Km. Recorridos: {traveled === null ? "—" : formatKm(traveled)}
      </p>
      <FormField id="practice-observations" label="Observaciones (opcional)" error={errors.observations}>
        <Textarea id="practice-observations" rows={3} maxLength={2000} value={values.observations} onChange={(e) => onChange({ observations: e.target.value })} />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SignatureField id="practice-student-signature" label="Firma del alumno" error={errors.studentSignature} onChange={(png) => onChange({ studentSignature: png })} />
        <SignatureField id="practice-instructor-signature" label="Firma del profesor" error={errors.instructorSignature} onChange={(png) => onChange({ instructorSignature: png })} />
      </div>
    </>
  );
}
