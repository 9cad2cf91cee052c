import "./booking-kinds.css";
import type { DisplayKind } from "./selection";

const LEGEND: { kind: DisplayKind; label: string }[] = [
  { kind: "available", label: "Disponible" },
  { kind: "selected", label: "Seleccionado" },
  { kind: "reservation-pending", label: "Reserva pendiente" },
  { kind: "reservation-confirmed", label: "Reserva confirmada" },
  { kind: "practice", label: "Práctica" },
  { kind: "unavailable", label: "No disponible" },
];

export function BookingLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {LEGEND.map(({ kind, label }) => (
        <li key={kind} className="flex items-center gap-1.5">
          <span className={`booking-swatch booking-kind--${kind} size-3 rounded-sm`} aria-hidden />
          {label}
        </li>
      ))}
    </ul>
  );
}
