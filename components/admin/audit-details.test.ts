import { deviceDateFormats } from "@/lib/format/dates";
import { actingAsName, describeEntry } from "./audit-details";

const entry = (action: string, details: Record<string, unknown>, actingAs: { name: string } | null = null) => ({ action, details, actingAs });

describe("describeEntry", () => {
  it("says why an instructor denied or annulled a lesson, and how many lessons a booking took", () => {
    expect(describeEntry(entry("reservations.denied", { reason: "El coche está en el taller" }))).toBe("Motivo: El coche está en el taller");
    expect(describeEntry(entry("reservations.annulled", { reason: "Lluvia" }))).toBe("Motivo: Lluvia");
    expect(describeEntry(entry("reservations.cancellation_rejected", { reason: "Fuera de plazo" }))).toBe("Respuesta: Fuera de plazo");
    expect(describeEntry(entry("reservations.booked", { ids: ["a", "b"], instructorId: "x" }))).toBe("2 prácticas");
    expect(describeEntry(entry("reservations.confirmed", {}))).toBe("");
  });

  it("names the student, the instructor and the lesson's time of a booking, a cancellation and a move (issue 31 §6)", () => {
    const lesson = { student: "Lucía Martín", instructor: "Carlos Ruiz", start: "2026-12-01T09:00:00.000Z", end: "2026-12-01T10:00:00.000Z" };
    const at = (iso: string) => deviceDateFormats.dateTime(iso);
    expect(describeEntry(entry("reservations.booked", { ids: ["a"], instructorId: "x", ...lesson }))).toBe(
      `Lucía Martín · Carlos Ruiz · ${at(lesson.start)} · 1 práctica`,
    );
    expect(describeEntry(entry("reservations.cancelled", lesson))).toBe(`Lucía Martín · Carlos Ruiz · ${at(lesson.start)}`);
    const moved = { ...lesson, previousStart: lesson.start, start: "2026-12-02T16:00:00.000Z", byOffice: true, mode: "time", previousCharge: 3600, charge: 7200 };
    expect(describeEntry(entry("reservations.moved", moved))).toBe(
      `Lucía Martín · Carlos Ruiz · ${at(lesson.start)} → ${at(moved.start)} · por la oficina · cobro de 1h`,
    );
  });

  it("reads a face verification and a CAP report in Spanish", () => {
    expect(describeEntry(entry("biometric.verification", { capSessionId: "s", type: "in", decision: "match", distance: 0.3 }))).toBe("Entrada · identidad verificada");
    expect(describeEntry(entry("biometric.verification", { type: "out", decision: "no-face" }))).toBe("Salida · no se detectó ninguna cara");
    expect(describeEntry(entry("cap.attendance_report_downloaded", { lines: 1 }))).toBe("1 línea");
    expect(describeEntry(entry("cap.attendance_added_manually", { in: "2026-11-25T08:00:00.000Z", out: null }))).toBe("Entrada 08:00");
  });

  it("tells an exam's registration, result and places", () => {
    expect(describeEntry(entry("exams.registered", { examId: "e", examType: 3, licenseId: "l" }))).toBe("Examen circulación");
    expect(describeEntry(entry("exams.result_recorded", { result: "apto", label: "Apto", previous: null }))).toBe("Resultado: Apto");
    expect(describeEntry(entry("exams.slot_updated", { places: 10, visibleLimit: 8, promoted: ["x"] }))).toBe(
      "plazas: 10 · visibles: 8 · 1 alumno sube de la lista de reserva",
    );
  });

  it("shows a balance adjustment in the school's unit", () => {
    const base = { student: "Lucía Martín García", operation: "top-up", reason: "Pago en efectivo" };
    expect(describeEntry(entry("balance.adjusted", { ...base, mode: "money", amount: 2050 }))).toMatch(/^Lucía Martín García · Recarga de 20,50\s€ · Motivo: Pago en efectivo$/);
    expect(describeEntry(entry("balance.adjusted", { ...base, operation: "consumption", mode: "time", amount: 5400 }))).toBe(
      "Lucía Martín García · Consumo de 1h 30m · Motivo: Pago en efectivo",
    );
  });

  it("writes settings changes as the office reads them, not in the wire format", () => {
    const changes = {
      practice_duration_min: { from: "PT1H", to: "PT45M" },
      hourly_price: { from: "4000", to: "4250" },
      reservation_mode: { from: "request", to: "direct" },
    };
    expect(describeEntry(entry("settings.updated", { changes }))).toMatch(
      /^duración mínima: 1h → 45m · precio por hora: 40,00\s€ → 42,50\s€ · modo de reserva: solicitud → directa$/,
    );
  });

  it("names users, roles and the access they were given", () => {
    expect(describeEntry(entry("user.created", { name: "Ana Pérez", username: null, roles: ["ROLE_ALUMNO"], access: "none" }))).toBe(
      "Ana Pérez · Alumno · sin acceso a la aplicación",
    );
    expect(describeEntry(entry("user.updated", { name: "Ana Pérez", changes: { isActive: { from: true, to: false } } }))).toBe("Ana Pérez · activo: sí → no");
  });

  it("leaves out a value repeated under two keys and details with nothing readable", () => {
    expect(describeEntry(entry("license.created", { code: "B", name: "B" }))).toBe("B");
    expect(describeEntry(entry("exams.registered_by_office", { slotId: "s", studentId: "u" }))).toBe("");
  });
});

describe("actingAsName", () => {
  it("names whom the administrator acted as, at the start and at the end", () => {
    expect(actingAsName(entry("impersonation.start", { name: "Lucía Martín García" }))).toBe("Lucía Martín García");
    expect(actingAsName(entry("impersonation.end", {}, { name: "Carmen Ruiz Sánchez" }))).toBe("Carmen Ruiz Sánchez");
    expect(actingAsName(entry("user.updated", { name: "Ana" }))).toBeNull();
    expect(describeEntry(entry("impersonation.start", { name: "Lucía Martín García" }))).toBe("");
  });
});

describe("describeEntry of sign-ins", () => {
  it("names the user and says what the office needs: new device, address, the failures before or the count", () => {
    expect(describeEntry(entry("auth.sign_in", { name: "Lucía Martín", deviceId: "d", isNewDevice: true, address: "203.0.113.5", failedAttempts: 6, challenge: true }))).toBe(
      "Lucía Martín · dispositivo nuevo · Dirección: 203.0.113.5 · 6 intentos fallidos antes · tras comprobación",
    );
    expect(describeEntry(entry("auth.sign_in", { name: "Lucía Martín", deviceId: "d", isNewDevice: false, address: null, failedAttempts: 0 }))).toBe("Lucía Martín");
    expect(describeEntry(entry("auth.sign_in_failed", { name: "Lucía Martín", deviceId: null, address: null, failedAttempts: 16 }))).toBe(
      "Lucía Martín · 16.º fallo desde el último acceso",
    );
  });
});
