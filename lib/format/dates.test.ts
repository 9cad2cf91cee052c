import fc from "fast-check";
import { deviceDateFormats, zonedDateFormats } from "./dates";

describe("zonedDateFormats", () => {
  // Both hold in any TZ the tests run in (npm's scripts set UTC).
  it("writes the school's clock whatever the device's zone", () => {
    const madrid = zonedDateFormats("Europe/Madrid");
    const canary = zonedDateFormats("Atlantic/Canary");
    // 30 March 2025: Madrid moves from 02:00 to 03:00 (UTC+2), the Canaries from 01:00 to 02:00 (UTC+1).
    expect(madrid.dateTime("2025-03-30T01:30:00Z")).toBe("30/03/2025 03:30");
    expect(canary.dateTime("2025-03-30T01:30:00Z")).toBe("30/03/2025 02:30");
    expect(madrid.date("2025-12-31T23:30:00Z")).toBe("01/01/2026");
    expect(madrid.longDay("2025-05-12T08:00:00Z")).toBe("lunes, 12 de mayo de 2025");
    expect(madrid.longDay("2025-03-29T23:30:00Z")).toBe("domingo, 30 de marzo de 2025");
    expect(madrid.timeRange("2025-01-15T09:00:00Z", "2025-01-15T10:30:00Z")).toBe("10:00 - 11:30");
  });

  it("matches the device formats when the zones agree", () => {
    const device = zonedDateFormats(Intl.DateTimeFormat().resolvedOptions().timeZone);
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2040-12-31T23:59:59Z"), noInvalidDate: true }), (date) => {
        for (const key of ["date", "time", "dateTime", "longDay"] as const) expect(device[key](date)).toBe(deviceDateFormats[key](date));
      }),
    );
  });
});
