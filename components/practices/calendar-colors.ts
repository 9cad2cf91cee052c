import type { StudentCalendarEvent } from "@/lib/contract/calendar";
import { STUDENT_CALENDAR_COLORS } from "@/lib/contract/constants/calendar";

const C = STUDENT_CALENDAR_COLORS;
// The legend of the colours the API paints (spec §2).
export const CALENDAR_LEGEND: { color: string; label: string }[] = [
  { color: C.requested, label: "Pendiente" },
  { color: C.confirmed, label: "Confirmada" },
  { color: C.denied, label: "Denegada" },
  { color: C.cancelled, label: "Cancelada o anulada" },
  { color: C.practice, label: "Práctica" },
  { color: C.manual_practice, label: "Práctica manual" },
  { color: C.session, label: "Sesión" },
];

const TYPE_LABELS: Record<StudentCalendarEvent["type"], string> = {
  reservation: "Reserva",
  practice: "Práctica",
  manual_practice: "Práctica",
  session: "Sesión",
};

/** The generic dialog's type label (spec §2): Reserva, Práctica, Sesión, or Evento for anything else. */
export const typeLabel = (type: string) => TYPE_LABELS[type as StudentCalendarEvent["type"]] ?? "Evento";

// Light backgrounds (amber, grey) take dark text; the rest white.
const LIGHT = new Set<string>([C.requested, C.cancelled]);
export const textColorFor = (background: string) => (LIGHT.has(background.toLowerCase()) ? "#1c1917" : "#ffffff");
