import { ApiError } from "./api-client";

export type ToastText = { title: string; description: string; variant: "destructive" };

// Spec 000 §8: the generic toasts by error code, all destructive. Codes a screen explains itself are not here.
export const TOASTS_BY_CODE: Record<string, Omit<ToastText, "variant">> = {
  INVALID_JSON: { title: "Error de validación", description: "Los datos enviados no son válidos" },
  MISSING_REQUIRED_FIELDS: { title: "Campos requeridos", description: "Faltan campos requeridos" },
  REGISTRATION_NOT_ALLOWED: { title: "No permitido", description: "No tienes permiso para realizar esta acción" },
  INTERNAL_SERVER_ERROR: { title: "Error del servidor", description: "Ha ocurrido un error en el servidor" },
  UNKNOWN_ERROR: { title: "Error", description: "Ha ocurrido un error inesperado" },
};

// The toast for a failed mutation whose code is one of the generic ones; null when the screen handles it.
export function toastForError(error: unknown): ToastText | null {
  if (error instanceof ApiError) {
    const known = error.code ? TOASTS_BY_CODE[error.code] : undefined;
    const text = known ?? (error.status >= 500 ? TOASTS_BY_CODE.INTERNAL_SERVER_ERROR : null);
    if (!text) return null;
    // The request id (the BFF's X-Request-Id header) lets the school quote a server failure to support: the API's
    // log line carries it. A refusal the user can fix needs no reference.
    const reference = error.status >= 500 && error.requestId ? ` (referencia ${error.requestId})` : "";
    return { title: text.title, description: `${text.description}${reference}`, variant: "destructive" };
  }
  // A network failure or an unreadable answer: nothing a screen could have explained.
  if (error instanceof TypeError) return { ...TOASTS_BY_CODE.UNKNOWN_ERROR, variant: "destructive" };
  return null;
}
