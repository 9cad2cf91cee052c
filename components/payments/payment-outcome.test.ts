import { confirmErrorMessage, outcomeOf } from "./payment-outcome";

describe("payment outcomes", () => {
  it.each([
    ["succeeded", "success", "Pago completado exitosamente"],
    ["processing", "processing", "Estamos procesando tu pago…"],
    ["requires_payment_method", "failed", "Tu pago no se pudo completar. Por favor, intenta con otro método de pago."],
    ["requires_action", "failed", "Tu pago requiere autenticación adicional."],
    ["canceled", "failed", "El pago no se pudo completar. Por favor, inténtalo de nuevo."],
    [undefined, "failed", "El pago no se pudo completar. Por favor, inténtalo de nuevo."],
  ])("%s → %s", (status, kind, message) => {
    expect(outcomeOf(status)).toEqual({ kind, message });
  });

  it("shows Stripe's text for card errors and the spec's text otherwise", () => {
    expect(confirmErrorMessage({ type: "card_error", message: "Tu tarjeta ha sido rechazada." })).toBe("Tu tarjeta ha sido rechazada.");
    expect(confirmErrorMessage({ type: "api_error", message: "Internal" })).toBe("Ha ocurrido un error al procesar el pago");
    expect(confirmErrorMessage({})).toBe("Ha ocurrido un error al procesar el pago");
  });
});
