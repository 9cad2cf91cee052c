"use client";

import { NativeSelect } from "@/components/ui/native-select";
import { ALL, type ReservationFilters as Filters } from "./reservation-lists";

type Props = {
  instructors: string[];
  licenses: string[];
  value: Filters;
  onChange: (value: Filters) => void;
};

// Spec §2: shown on very wide screens only.
export function ReservationFilters({ instructors, licenses, value, onChange }: Props) {
  return (
    <div className="hidden items-center gap-2 2xl:flex" data-testid="reservation-filters">
      <NativeSelect className="w-56" aria-label="Profesor" value={value.instructor} onChange={(e) => onChange({ ...value, instructor: e.target.value })}>
        <option value={ALL}>Todos los profesores</option>
        {instructors.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect className="w-48" aria-label="Permiso" value={value.license} onChange={(e) => onChange({ ...value, license: e.target.value })}>
        <option value={ALL}>Todos los permisos</option>
        {licenses.map((name) => (
          <option key={name} value={name}>
            {`Permiso ${name}`}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
