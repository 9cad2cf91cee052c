import { ApiError } from "@/lib/api-client";
import { actionFailureToast, CANCEL_FAILED_TITLE } from "./action-errors";

describe("a refused cancellation says why", () => {
  it("shows the server's reason for a 409", () => {
    const refused = new ApiError(409, { error: "RESERVATION_NOT_CANCELLABLE", message: "Esta reserva ya no se puede cancelar" });
    expect(actionFailureToast(CANCEL_FAILED_TITLE, refused)).toEqual({
      title: "No se pudo cancelar la solicitud",
      description: "Esta reserva ya no se puede cancelar",
      variant: "destructive",
    });
  });

  it("falls back to a Spanish sentence, never a code or an English network message", () => {
    expect(actionFailureToast(CANCEL_FAILED_TITLE, new ApiError(500, {})).description).toBe(
      "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo.",
    );
    expect(actionFailureToast(CANCEL_FAILED_TITLE, new TypeError("Failed to fetch")).description).toBe(
      "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo.",
    );
  });
});
