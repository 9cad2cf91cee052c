import { ApiError } from "@/lib/api-client";
import type { UpcomingExamSlot } from "@/lib/contract/exams";
import { SLOT_STATUS_TEXT, availabilityText, registrationErrorText, resultText, slotStatus } from "./exam-texts";

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
    expect([0, 1, 2, 3, 4].map(resultText)).toEqual(["- - - - - -", "No presentado", "No apto", "Apto", "Aplazado"]);
  });

  it("shows the server's error text or UNKNOWN_ERROR", () => {
    expect(registrationErrorText(new ApiError(409, { error: "NO_PLACES_AVAILABLE", message: "No quedan plazas" }))).toBe("No quedan plazas");
    expect(registrationErrorText(new ApiError(500, {}))).toBe("UNKNOWN_ERROR");
    expect(registrationErrorText(new TypeError("fetch failed"))).toBe("UNKNOWN_ERROR");
  });
});
