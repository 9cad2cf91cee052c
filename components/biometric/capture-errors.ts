import { ApiError } from "@/lib/api-client";
import { ATTENDANCE_RULE_ERRORS, BIOMETRIC_ERRORS } from "@/lib/contract/constants/cap";
import { LIVENESS_ERRORS } from "@/lib/contract/constants/cap-liveness";

export type CaptureErrorText = { title: string; description: string };

// Spec §8, biometric capture catalogue.
export const CAPTURE_FALLBACK_MESSAGE = "La verificación biométrica no se ha podido realizar";
const GENERIC: CaptureErrorText = {
  title: "Error de verificación",
  description: "Ha ocurrido un error durante la verificación biométrica. Por favor, inténtelo de nuevo.",
};

export function captureErrorText(error: unknown): CaptureErrorText {
  if (!(error instanceof ApiError)) return { title: GENERIC.title, description: CAPTURE_FALLBACK_MESSAGE };
  switch (error.code) {
    case BIOMETRIC_ERRORS.mismatch:
      return {
        title: "Error de verificación biométrica",
        description:
          "El rostro no coincide con la referencia biométrica del alumno. Comprueba que se trata de la persona correcta y que la iluminación es adecuada.",
      };
    case BIOMETRIC_ERRORS.referenceNotFound:
      return { title: "Referencia biométrica no encontrada", description: error.serverMessage ?? CAPTURE_FALLBACK_MESSAGE };
    case BIOMETRIC_ERRORS.noFace:
      return {
        title: "No se ha detectado un rostro en la imagen capturada",
        description: "Coloca el rostro del alumno de frente, centrado y bien iluminado, y vuelve a intentarlo.",
      };
    // Issue 30 §2: the frames did not show the asked blink and head turn (a photo or a screen, or too late).
    case LIVENESS_ERRORS.failed:
      return {
        title: "No se ha superado la prueba de vida",
        description: "El alumno debe estar delante de la cámara, parpadear y girar la cabeza cuando se le indique. Vuelve a intentarlo.",
      };
    case LIVENESS_ERRORS.invalid:
      return { title: "La prueba de vida ha caducado", description: "Vuelve a intentarlo: la prueba empieza de nuevo." };
    default:
      // The server's attendance rules (already registered, entry required, ...) explain themselves.
      if ((ATTENDANCE_RULE_ERRORS as readonly string[]).includes(error.code ?? "") && error.serverMessage) {
        return { title: GENERIC.title, description: error.serverMessage };
      }
      return GENERIC;
  }
}
