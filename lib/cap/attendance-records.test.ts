import { checkTypedTime, isSessionFinished, recordLabel, reportSummary } from "./attendance-records";

const TZ = "Europe/Madrid";
// 12 May 2025, 08:00–18:00 in Madrid (UTC+2).
const session = { start: "2025-05-12T06:00:00.000Z", end: "2025-05-12T16:00:00.000Z" };
const madrid = (hhmm: string) => `2025-05-12T${String(Number(hhmm.slice(0, 2)) - 2).padStart(2, "0")}:${hhmm.slice(3)}:00.000Z`;

describe("times typed by hand", () => {
  it("lie within the session's bounds, both included", () => {
    const none = { in: null, out: null };
    expect(checkTypedTime("in", madrid("08:00"), session, none, TZ)).toBeNull();
    expect(checkTypedTime("in", madrid("18:00"), session, none, TZ)).toBeNull();
    expect(checkTypedTime("in", madrid("07:59"), session, none, TZ)).toEqual({
      code: "ATTENDANCE_TIME_OUT_OF_BOUNDS",
      message: "La hora debe estar dentro del horario de la sesión (08:00 - 18:00)",
    });
    expect(checkTypedTime("out", madrid("18:01"), session, none, TZ)?.code).toBe("ATTENDANCE_TIME_OUT_OF_BOUNDS");
  });

  it("keep the exit after the entry and the entry before the exit", () => {
    const both = { in: madrid("09:00"), out: madrid("14:00") };
    expect(checkTypedTime("out", madrid("09:00"), session, both, TZ)).toEqual({
      code: "ATTENDANCE_EXIT_BEFORE_ENTRY",
      message: "La hora de salida debe ser posterior a la de entrada (09:00)",
    });
    expect(checkTypedTime("out", madrid("09:01"), session, both, TZ)).toBeNull();
    expect(checkTypedTime("in", madrid("14:00"), session, both, TZ)).toEqual({
      code: "ATTENDANCE_EXIT_BEFORE_ENTRY",
      message: "La hora de entrada debe ser anterior a la de salida (14:00)",
    });
    expect(checkTypedTime("in", madrid("13:59"), session, both, TZ)).toBeNull();
  });
});

it("a session can be corrected from its end on", () => {
  expect(isSessionFinished(session, new Date(Date.parse(session.end) - 1))).toBe(false);
  expect(isSessionFinished(session, new Date(session.end))).toBe(true);
});

it("reads each way of recording a time in Spanish", () => {
  expect(recordLabel({ method: "face", reason: null, note: null })).toBeNull();
  expect(recordLabel(null)).toBeNull();
  expect(recordLabel({ method: "manual", reason: "camera-unavailable", note: null })).toBe("Manual · Cámara no disponible");
  expect(recordLabel({ method: "manual", reason: "face-failed", note: null })).toBe("Manual · Verificación facial fallida");
  expect(recordLabel({ method: "manual", reason: "forgot-exit", note: null })).toBe("Manual · Olvidó fichar la salida");
  expect(recordLabel({ method: "manual", reason: "other", note: "Gafas de sol" })).toBe("Manual · Otro: Gafas de sol");
  expect(recordLabel({ method: "manual", reason: null, note: null })).toBe("Manual · Añadido a la sesión");
  expect(recordLabel({ method: "correction", reason: null, note: "Hoja de firmas" })).toBe("Corregida · Hoja de firmas");
});

it("counts the file's lines and those with a time recorded by hand or corrected", () => {
  const face = { method: "face" as const, reason: null, note: null };
  const manual = { method: "manual" as const, reason: "face-failed" as const, note: null };
  const corrected = { method: "correction" as const, reason: null, note: "x" };
  const a = (inRecord: typeof face | typeof manual | typeof corrected | null, outRecord: typeof face | typeof manual | typeof corrected | null) => ({
    in: inRecord ? madrid("09:00") : null,
    out: outRecord ? madrid("10:00") : null,
    inRecord,
    outRecord,
  });
  expect(reportSummary([a(face, face), a(manual, face), a(face, corrected), a(manual, null), a(null, null)])).toEqual({ lines: 3, manualLines: 2 });
  expect(reportSummary([])).toEqual({ lines: 0, manualLines: 0 });
});
