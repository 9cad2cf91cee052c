import { errorText } from "@/lib/api-client";

// Spec §8 says a failed cancel or cancellation request is only logged; the issue "Phone first" overrides it: a student
// who taps 'Sí, cancelar solicitud' and sees nothing happen does not know the lesson still stands. The server's reason
// ('Esta reserva ya no se puede cancelar', the deadline, the daily limit) shows in a toast (docs/decisions.md).
const UNEXPECTED = "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo.";

export const CANCEL_FAILED_TITLE = "No se pudo cancelar la solicitud";
export const REQUEST_FAILED_TITLE = "No se pudo enviar la solicitud";

/** The destructive toast of a refused cancel or cancellation request: the server's Spanish reason, else ours. */
export function actionFailureToast(title: string, error: unknown) {
  return { title, description: errorText(error, UNEXPECTED), variant: "destructive" as const };
}
