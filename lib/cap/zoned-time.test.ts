import { addDaysToDate, formatLocalDate, localDateOf, localTimeOf, zonedInstant } from "./zoned-time";

const MADRID = "Europe/Madrid";

describe("zoned time", () => {
  it("reads the local date and time in Madrid, winter and summer", () => {
    expect(localDateOf("2025-01-15T23:30:00Z", MADRID)).toBe("2025-01-16");
    expect(localTimeOf("2025-01-15T23:30:00Z", MADRID)).toBe("00:30");
    expect(localTimeOf("2025-07-15T06:00:00Z", MADRID)).toBe("08:00");
  });

  it("turns a local wall time into the instant", () => {
    expect(zonedInstant("2025-01-15", "08:00", MADRID).toISOString()).toBe("2025-01-15T07:00:00.000Z");
    expect(zonedInstant("2025-07-15", "18:00", MADRID).toISOString()).toBe("2025-07-15T16:00:00.000Z");
    expect(zonedInstant("2025-07-15", "18:00", "UTC").toISOString()).toBe("2025-07-15T18:00:00.000Z");
  });

  it("handles the DST changes: skipped time moves forward, repeated time takes the first", () => {
    expect(zonedInstant("2025-03-30", "02:30", MADRID).toISOString()).toBe("2025-03-30T01:30:00.000Z"); // 03:30 CEST
    expect(zonedInstant("2025-10-26", "02:30", MADRID).toISOString()).toBe("2025-10-26T00:30:00.000Z"); // first 02:30
    expect(zonedInstant("2025-10-26", "08:00", MADRID).toISOString()).toBe("2025-10-26T07:00:00.000Z");
  });

  it("formats and shifts plain dates", () => {
    expect(formatLocalDate("2025-03-09")).toBe("09/03/2025");
    expect(addDaysToDate("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDaysToDate("2025-01-01", -1)).toBe("2024-12-31");
  });
});
