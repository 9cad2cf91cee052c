// What the payment page shows for each PaymentIntent status after confirming (second document §4, §8).

export const PAYMENT_MESSAGES = {
  succeeded: "Pago completado exitosamente",
  processingError: "Ha ocurrido un error al procesar el pago",
  requiresPaymentMethod: "Tu pago no se pudo completar. Por favor, intenta con otro método de pago.",
  requiresAction: "Tu pago requiere autenticación adicional.",
  other: "El pago no se pudo completar. Por favor, inténtalo de nuevo.",
  unexpected: "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo más tarde.",
  statusCheck: "Error al verificar el estado del pago",
  processing: "Estamos procesando tu pago…",
  processed: "Tu pago se ha procesado. El saldo se actualizará en tu historial en cuanto el banco lo confirme.",
  incompleteQuery: "Información de pago incompleta",
  configError: "Error al cargar la configuración",
  configIncomplete: "Configuración de pago incompleta",
} as const;

// Spec §9: a processing payment is checked again after 2 s; a success redirects after 3 s.
export const PROCESSING_RECHECK_MS = 2000;
export const PROCESSED_DELAY_MS = 3000;
export const SUCCESS_REDIRECT_MS = 3000;

export type Outcome =
  | { kind: "success"; message: string }
  | { kind: "processing"; message: string }
  | { kind: "failed"; message: string };

export function outcomeOf(status: string | undefined): Outcome {
  switch (status) {
    case "succeeded":
      return { kind: "success", message: PAYMENT_MESSAGES.succeeded };
    case "processing":
      return { kind: "processing", message: PAYMENT_MESSAGES.processing };
    case "requires_payment_method":
      return { kind: "failed", message: PAYMENT_MESSAGES.requiresPaymentMethod };
    case "requires_action":
      return { kind: "failed", message: PAYMENT_MESSAGES.requiresAction };
    default:
      return { kind: "failed", message: PAYMENT_MESSAGES.other };
  }
}

// A confirmation error from Stripe.js: its own (localized) text for card and form problems, ours otherwise.
export function confirmErrorMessage(error: { type?: string; message?: string }): string {
  const isUserFacing = error.type === "card_error" || error.type === "validation_error";
  return isUserFacing && error.message ? error.message : PAYMENT_MESSAGES.processingError;
}
