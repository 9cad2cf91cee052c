"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
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
      <Select value={value.instructor} onValueChange={(instructor) => onChange({ ...value, instructor })}>
        <SelectTrigger className="w-56" aria-label="Profesor">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>Todos los profesores</SelectItem>
          {instructors.map((name) => (
            <SelectItem key={name} value={name}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={value.license} onValueChange={(license) => onChange({ ...value, license })}>
        <SelectTrigger className="w-48" aria-label="Permiso">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>Todos los permisos</SelectItem>
          {licenses.map((name) => (
            <SelectItem key={name} value={name}>
              {`Permiso ${name}`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
