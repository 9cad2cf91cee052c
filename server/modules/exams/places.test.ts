import { effectiveLimit, isInWindow, studentFlags, visibleRemaining } from "./places";

describe("exam place arithmetic", () => {
  it.each([
    [-1, -1, -1],
    [-1, 5, 5],
    [10, -1, 10],
    [10, 4, 4],
    [3, 8, 3],
    [0, 2, 0],
  ])("places %i, shown %i → students may take %i", (places, shown, expected) => {
    expect(effectiveLimit(places, shown)).toBe(expected);
  });

  it("counts what is left of the shown places, never below zero, unlimited as -1", () => {
    expect(visibleRemaining(10, 4, 1)).toBe(3);
    expect(visibleRemaining(10, 4, 6)).toBe(0);
    expect(visibleRemaining(-1, -1, 50)).toBe(-1);
    expect(visibleRemaining(5, -1, 5)).toBe(0);
  });

  it("opens the window at the opening instant and closes it at the closing one", () => {
    const exam = { inscriptionsOpening: new Date("2026-01-01T10:00:00Z"), inscriptionsClosing: new Date("2026-01-05T10:00:00Z") };
    expect(isInWindow(exam, new Date("2026-01-01T09:59:59Z"))).toBe(false);
    expect(isInWindow(exam, new Date("2026-01-01T10:00:00Z"))).toBe(true);
    expect(isInWindow(exam, new Date("2026-01-05T10:00:00Z"))).toBe(false);
  });

  it("offers registration while places remain and the reserve list only when none do", () => {
    const base = { inWindow: true, isAssigned: true, status: null } as const;
    expect(studentFlags({ ...base, remaining: 2 })).toMatchObject({ canRegister: true, canBackupRegister: false });
    expect(studentFlags({ ...base, remaining: -1 })).toMatchObject({ canRegister: true, canBackupRegister: false });
    expect(studentFlags({ ...base, remaining: 0 })).toMatchObject({ canRegister: false, canBackupRegister: true });
    expect(studentFlags({ ...base, remaining: 0, status: "backup" })).toEqual({
      isRegistered: false,
      isBackupRegistered: true,
      canRegister: false,
      canBackupRegister: false,
    });
    expect(studentFlags({ ...base, remaining: 2, inWindow: false })).toMatchObject({ canRegister: false, canBackupRegister: false });
    expect(studentFlags({ ...base, remaining: 2, isAssigned: false })).toMatchObject({ canRegister: false, canBackupRegister: false });
  });
});
