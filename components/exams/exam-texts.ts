import type { StaffExamSlot, UpcomingExamSlot } from "@/lib/contract/exams";
import { EXAM_RESULT_LABELS } from "@/lib/contract/constants/exams";
import { ApiError } from "@/lib/api-client";
import { TOASTS_BY_CODE } from "@/lib/error-toasts";
import type { StaffArea } from "./queries";

// Spec 001 §8 writes 'Error fetching upcoming exams'; the page is Spanish, so it reads this instead (docs/decisions.md).
export const UPCOMING_EXAMS_FAILED = "No se pudieron cargar los próximos exámenes";

// Spec §4: the slot's status for the student.
export type SlotStatus = "registered" | "backup" | "can-register" | "can-backup" | "unavailable";

export function slotStatus(slot: UpcomingExamSlot): SlotStatus {
  if (slot.isRegistered) return "registered";
  if (slot.isBackupRegistered) return "backup";
  if (slot.canRegister) return "can-register";
  if (slot.canBackupRegister) return "can-backup";
  return "unavailable";
}

export const SLOT_STATUS_TEXT: Record<SlotStatus, string> = {
  registered: "Inscrito",
  backup: "Apuntado en reserva",
  "can-register": "Inscribirme",
  "can-backup": "Apuntarme en reserva",
  unavailable: "No disponible",
};

// Spec §4: availability. The spec names no text for unlimited; 'Plazas ilimitadas' (docs/decisions/exams.md).
export function availabilityText(slot: Pick<UpcomingExamSlot, "visibleLimit" | "visibleRemaining">): string {
  if (slot.visibleLimit === -1 || slot.visibleRemaining === -1) return "Plazas ilimitadas";
  if (slot.visibleRemaining <= 0) return "No hay plazas disponibles";
  return slot.visibleRemaining === 1 ? "1 plaza disponible" : `${slot.visibleRemaining} plazas disponibles`;
}

// The school's screens (docs/decisions/exams.md, 'Instructor scope'): the counts are always the whole school's, while
// an instructor's list holds only their own students; the texts say so, the administrator's need not.
const placesCount = (n: number) => (n === -1 ? "ilimitadas" : String(n));

export function slotCountsText(area: StaffArea, slot: Pick<StaffExamSlot, "registeredCount" | "places" | "visibleLimit" | "backupCount">): string {
  const counts = `Inscritos ${slot.registeredCount} · Plazas ${placesCount(slot.places)} · Mostradas ${placesCount(slot.visibleLimit)} · En reserva ${slot.backupCount}`;
  return area === "instructor" ? `Toda la autoescuela: ${counts}` : counts;
}

export const STAFF_ATTENDANCE_TEXTS: Record<StaffArea, { heading: string; empty: string }> = {
  administrator: { heading: "Alumnos", empty: "Ningún alumno inscrito" },
  instructor: { heading: "Tus alumnos", empty: "Ninguno de tus alumnos está inscrito ni en reserva" },
};

export const resultText = (code: number) => EXAM_RESULT_LABELS[code] ?? EXAM_RESULT_LABELS[0]!;

export type ErrorToast = { title: string; description: string };

/**
 * Spec 001 §8: a registration error shows the server's error text, or UNKNOWN_ERROR — a code, whose toast spec 000 §8
 * gives ('Error' / 'Ha ocurrido un error inesperado'); the code itself is never shown. An answer with a generic code
 * of spec 000 §8 and no text gets that code's toast.
 */
export function registrationErrorToast(error: unknown): ErrorToast {
  if (error instanceof ApiError && error.serverMessage) return { title: "No se ha podido completar", description: error.serverMessage };
  const byCode = error instanceof ApiError && error.code ? TOASTS_BY_CODE[error.code] : undefined;
  return byCode ?? TOASTS_BY_CODE.UNKNOWN_ERROR!;
}
