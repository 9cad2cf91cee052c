import { DONE_LABEL } from "@/lib/contract/constants/reservations";
import type { InstructorCalendarEvent } from "@/lib/contract/instructor";

// The instructor calendar's colours, the student side's (spec §2): pending amber and closed grey with dark text,
// confirmed cyan with white; availability as a light background. Text on each keeps 4.5:1 at 12 px (WCAG 1.4.3):
// the former white on #d97706 (3.2:1) and on #0d9488 (3.7:1) did not.
export const INSTRUCTOR_EVENT_STYLE: Record<InstructorCalendarEvent["type"], { color: string; text: string }> = {
  availability: { color: "#10b981", text: "#1c1917" },
  "reservation-pending": { color: "#f59e0b", text: "#1c1917" },
  "reservation-confirmed": { color: "#0e7490", text: "#ffffff" },
  "reservation-other": { color: "#9ca3af", text: "#1c1917" },
};

export const INSTRUCTOR_LEGEND: { color: string; label: string }[] = [
  { color: "#10b98140", label: "Disponibilidad" },
  { color: INSTRUCTOR_EVENT_STYLE["reservation-pending"].color, label: "Pendiente" },
  { color: INSTRUCTOR_EVENT_STYLE["reservation-confirmed"].color, label: "Confirmada" },
  { color: INSTRUCTOR_EVENT_STYLE["reservation-other"].color, label: "Cancelada, denegada o anulada" },
];

/** The dialog's and the agenda's words for each kind. */
export const TYPE_LABELS: Record<InstructorCalendarEvent["type"], string> = {
  availability: "Disponibilidad",
  "reservation-pending": "Pendiente de confirmar",
  "reservation-confirmed": "Confirmada",
  "reservation-other": "Cancelada, denegada o anulada",
};

/** An event's word at `now` (epoch ms): a confirmed lesson that has ended took place and reads 'Realizada', as in the
 * lists (issue "Phone first"); its colour stays the confirmed one. */
export const eventLabel = (event: Pick<InstructorCalendarEvent, "type" | "end">, now: number) =>
  event.type === "reservation-confirmed" && Date.parse(event.end) <= now ? DONE_LABEL : TYPE_LABELS[event.type];
