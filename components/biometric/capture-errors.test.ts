import { ApiError } from "@/lib/api-client";
import { CAPTURE_FALLBACK_MESSAGE, captureErrorText } from "./capture-errors";
import { reportOutcome } from "./use-attendance-report";

const apiError = (status: number, error?: string, message?: string) => new ApiError(status, { error, message });

describe("captureErrorText (spec §8, biometric capture)", () => {
  it.each([
    ["biometric-mismatch", "Error de verificación biométrica"],
    ["biometric-reference-not-found", "Referencia biométrica no encontrada"],
    ["no-face-in-capture-image", "No se ha detectado un rostro en la imagen capturada"],
    ["liveness-check-failed", "No se ha superado la prueba de vida"],
    ["liveness-challenge-invalid", "La prueba de vida ha caducado"],
    ["SOMETHING_ELSE", "Error de verificación"],
  ])("%s → %s", (code, title) => {
    expect(captureErrorText(apiError(422, code)).title).toBe(title);
  });

  it("tells the operator to check the person and the lighting on a mismatch", () => {
    expect(captureErrorText(apiError(422, "biometric-mismatch")).description).toMatch(/persona correcta.*iluminación/);
  });

  it("uses the generic text for unknown codes and the fallback when there is no answer", () => {
    expect(captureErrorText(apiError(500, "INTERNAL_SERVER_ERROR", "boom")).description).toBe(
      "Ha ocurrido un error durante la verificación biométrica. Por favor, inténtelo de nuevo.",
    );
    expect(captureErrorText(new TypeError("Failed to fetch"))).toEqual({ title: "Error de verificación", description: CAPTURE_FALLBACK_MESSAGE });
    expect(captureErrorText(null).description).toBe(CAPTURE_FALLBACK_MESSAGE);
  });

  it("shows the server's reason for an attendance rule", () => {
    const error = apiError(409, "ATTENDANCE_ALREADY_REGISTERED", "La entrada ya está registrada");
    expect(captureErrorText(error)).toEqual({ title: "Error de verificación", description: "La entrada ya está registrada" });
  });
});

describe("reportOutcome (spec §8, attendance report)", () => {
  it("maps the report errors to their dialogs", () => {
    expect(reportOutcome(apiError(422, "NO_FULFILLED_ATTENDANCES", "Asistencias incompletas"))).toBe("incomplete");
    expect(reportOutcome(apiError(400, "AUTHORIZATION_CODE_NOT_CONFIGURED", "x"))).toBe("authorization");
    expect(reportOutcome(apiError(400, undefined, "Falta el código de autorización del centro"))).toBe("authorization");
    expect(reportOutcome(apiError(400, "VALIDATION_ERROR", "otra cosa"))).toBe("error");
    expect(reportOutcome(apiError(500))).toBe("error");
    expect(reportOutcome(new Error("network"))).toBe("error");
  });
});
