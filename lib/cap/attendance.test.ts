import { attendanceActions, isSessionCurrent } from "./attendance";

const MADRID = "Europe/Madrid";
// 2025-05-12, 08:00–18:00 in Madrid.
const session = { start: "2025-05-12T06:00:00Z", end: "2025-05-12T16:00:00Z" };
const none = { in: null, out: null };
const entered = { in: "2025-05-12T06:05:00Z", out: null };
const done = { in: "2025-05-12T06:05:00Z", out: "2025-05-12T16:00:00Z" };
const at = (iso: string) => new Date(iso);

describe("attendanceActions", () => {
  it("offers only the entry before it is registered, while the session is current", () => {
    expect(attendanceActions(none, session, at("2025-05-12T10:00:00Z"), MADRID)).toEqual({ canRegisterIn: true, canRegisterOut: false });
  });

  it("lets students check in early on the day, but not after the end", () => {
    expect(attendanceActions(none, session, at("2025-05-12T05:30:00Z"), MADRID).canRegisterIn).toBe(true);
    expect(attendanceActions(none, session, at("2025-05-12T16:00:00Z"), MADRID).canRegisterIn).toBe(false);
  });

  it("offers only the exit after the entry, also after the scheduled end of the same day", () => {
    expect(attendanceActions(entered, session, at("2025-05-12T10:00:00Z"), MADRID)).toEqual({ canRegisterIn: false, canRegisterOut: true });
    expect(attendanceActions(entered, session, at("2025-05-12T17:30:00Z"), MADRID).canRegisterOut).toBe(true);
    // 00:30 on the 13th in Madrid: the session day is over.
    expect(attendanceActions(entered, session, at("2025-05-12T22:30:00Z"), MADRID).canRegisterOut).toBe(false);
  });

  it("offers nothing once both are registered", () => {
    expect(attendanceActions(done, session, at("2025-05-12T16:30:00Z"), MADRID)).toEqual({ canRegisterIn: false, canRegisterOut: false });
  });

  it("offers nothing on other days", () => {
    expect(attendanceActions(none, session, at("2025-05-11T10:00:00Z"), MADRID)).toEqual({ canRegisterIn: false, canRegisterOut: false });
    expect(attendanceActions(entered, session, at("2025-05-13T10:00:00Z"), MADRID)).toEqual({ canRegisterIn: false, canRegisterOut: false });
  });
});

describe("isSessionCurrent", () => {
  it("is the session's Madrid date and before its end", () => {
    expect(isSessionCurrent(session, at("2025-05-12T15:59:00Z"), MADRID)).toBe(true);
    expect(isSessionCurrent(session, at("2025-05-12T16:00:00Z"), MADRID)).toBe(false);
    expect(isSessionCurrent(session, at("2025-05-11T21:59:00Z"), MADRID)).toBe(false);
    expect(isSessionCurrent(session, at("2025-05-11T22:00:00Z"), MADRID)).toBe(true);
  });
});
