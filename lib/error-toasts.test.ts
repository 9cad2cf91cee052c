import { ApiError } from "./api-client";
import { toastForError } from "./error-toasts";

describe("toastForError (spec 000 §8 generic toasts)", () => {
  it.each([
    ["INVALID_JSON", 400, "Error de validación", "Los datos enviados no son válidos"],
    ["MISSING_REQUIRED_FIELDS", 400, "Campos requeridos", "Faltan campos requeridos"],
    ["REGISTRATION_NOT_ALLOWED", 403, "No permitido", "No tienes permiso para realizar esta acción"],
    ["INTERNAL_SERVER_ERROR", 500, "Error del servidor", "Ha ocurrido un error en el servidor"],
    ["UNKNOWN_ERROR", 500, "Error", "Ha ocurrido un error inesperado"],
  ])("%s shows '%s'", (code, status, title, description) => {
    expect(toastForError(new ApiError(status, { error: code, message: "x" }))).toEqual({ title, description, variant: "destructive" });
  });

  it("adds the request id of a server failure so the school can quote it", () => {
    const error = new ApiError(500, { error: "INTERNAL_SERVER_ERROR", message: "x", requestId: "abc-123" });
    expect(toastForError(error)?.description).toBe("Ha ocurrido un error en el servidor (referencia abc-123)");
  });

  it("leaves codes the screens explain to the screens", () => {
    expect(toastForError(new ApiError(422, { error: "SLOTS_UNAVAILABLE" }))).toBeNull();
    expect(toastForError(new ApiError(422, { error: "INSUFFICIENT_BALANCE" }))).toBeNull();
  });

  it("treats an unnamed server failure as a server error and a network failure as unexpected", () => {
    expect(toastForError(new ApiError(502, {}))?.title).toBe("Error del servidor");
    expect(toastForError(new TypeError("Failed to fetch"))?.title).toBe("Error");
  });
});
