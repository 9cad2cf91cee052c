import { EXAM_RESULT_LABELS, type UpcomingExamSlot } from "@/lib/contract/exams";
import { errorText } from "@/lib/api-client";

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

export const resultText = (code: number) => EXAM_RESULT_LABELS[code] ?? EXAM_RESULT_LABELS[0]!;

// Spec §8: registration errors show the server's text, or UNKNOWN_ERROR.
export const registrationErrorText = (error: unknown): string => errorText(error, "UNKNOWN_ERROR");
