import { ApiError } from "@/lib/api-client";
import type { UpcomingExamSlot } from "@/lib/contract/exams";
import { SLOT_STATUS_TEXT, STAFF_ATTENDANCE_TEXTS, availabilityText, registrationErrorToast, resultText, slotCountsText, slotStatus } from "./exam-texts";

const slot = (over: Partial<UpcomingExamSlot> = {}): UpcomingExamSlot => ({
  examType: { id: 3, name: "Circulación" },
  license: "00000000-0000-4000-8000-000000000000",
  licenseName: "B",
  visibleLimit: 4,
  visibleRemaining: 2,
  isRegistered: false,
  isBackupRegistered: false,
  canRegister: false,
  canBackupRegister: false,
  ...over,
});

describe("exam texts (spec §4, §8)", () => {
  it("names the slot status", () => {
    expect(SLOT_STATUS_TEXT[slotStatus(slot({ isRegistered: true }))]).toBe("Inscrito");
    expect(SLOT_STATUS_TEXT[slotStatus(slot({ isBackupRegistered: true }))]).toBe("Apuntado en reserva");
    expect(SLOT_STATUS_TEXT[slotStatus(slot({ canRegister: true }))]).toBe("Inscribirme");
    expect(SLOT_STATUS_TEXT[slotStatus(slot({ canBackupRegister: true }))]).toBe("Apuntarme en reserva");
    expect(SLOT_STATUS_TEXT[slotStatus(slot())]).toBe("No disponible");
  });

  it("writes the availability", () => {
    expect(availabilityText(slot({ visibleLimit: -1, visibleRemaining: -1 }))).toBe("Plazas ilimitadas");
    expect(availabilityText(slot({ visibleRemaining: 0 }))).toBe("No hay plazas disponibles");
    expect(availabilityText(slot({ visibleRemaining: 3 }))).toBe("3 plazas disponibles");
    expect(availabilityText(slot({ visibleRemaining: 1 }))).toBe("1 plaza disponible");
  });

  it("labels the result codes", () => {
    expect([0, 1, 2, 3, 4].map(resultText)).toEqual(["Pendiente", "No presentado", "No apto", "Apto", "Aplazado"]);
  });

  it("shows the server's error text, or the UNKNOWN_ERROR toast of spec 000 §8 (never the raw code)", () => {
    expect(registrationErrorToast(new ApiError(409, { error: "NO_PLACES_AVAILABLE", message: "No quedan plazas" }))).toEqual({
      title: "No se ha podido completar",
      description: "No quedan plazas",
    });
    const unknown = { title: "Error", description: "Ha ocurrido un error inesperado" };
    expect(registrationErrorToast(new ApiError(500, {}))).toEqual(unknown);
    expect(registrationErrorToast(new ApiError(502, { error: "UNKNOWN_ERROR" }))).toEqual(unknown);
    expect(registrationErrorToast(new ApiError(409, { error: "SOMETHING_NEW" }))).toEqual(unknown);
    expect(registrationErrorToast(new TypeError("fetch failed"))).toEqual(unknown);
    // A generic code of spec 000 §8 without text gets its own toast.
    expect(registrationErrorToast(new ApiError(403, { error: "REGISTRATION_NOT_ALLOWED" }))).toEqual({
      title: "No permitido",
      description: "No tienes permiso para realizar esta acción",
    });
  });

  it("tells an instructor the counts are the whole school's and the list only their own students", () => {
    const counts = { registeredCount: 2, places: 3, visibleLimit: 2, backupCount: 1 };
    expect(slotCountsText("instructor", counts)).toBe("Toda la autoescuela: Inscritos 2 · Plazas 3 · Mostradas 2 · En reserva 1");
    expect(STAFF_ATTENDANCE_TEXTS.instructor).toEqual({ heading: "Tus alumnos", empty: "Ninguno de tus alumnos está inscrito ni en reserva" });
    // The administrator's list holds everyone the counts count: no qualifier.
    expect(slotCountsText("administrator", counts)).toBe("Inscritos 2 · Plazas 3 · Mostradas 2 · En reserva 1");
    expect(slotCountsText("administrator", { ...counts, places: -1, visibleLimit: -1 })).toBe("Inscritos 2 · Plazas ilimitadas · Mostradas ilimitadas · En reserva 1");
    expect(STAFF_ATTENDANCE_TEXTS.administrator).toEqual({ heading: "Alumnos", empty: "Ningún alumno inscrito" });
  });
});
