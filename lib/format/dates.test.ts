import { format } from "date-fns";
import { es } from "date-fns/locale";
import fc from "fast-check";
import {
  deviceDateFormats,
  formatDate,
  formatDateTime,
  formatDayOfMonth,
  formatFullDate,
  formatIsoDate,
  formatLongDay,
  formatMonth,
  formatShortDateTime,
  formatShortDay,
  formatTime,
  zonedDateFormats,
} from "./dates";

// The browser's formats are written without date-fns's `format` (its code and the `es` locale weigh ~8 kB in the
// first load of every page): they must write exactly what date-fns writes in Spanish, for every date.
describe("Spanish date formats", () => {
  const cases: [string, (value: Date) => string, string][] = [
    ["dd/MM/yyyy", formatDate, "dd/MM/yyyy"],
    ["HH:mm", formatTime, "HH:mm"],
    ["dd/MM/yyyy HH:mm", formatDateTime, "dd/MM/yyyy HH:mm"],
    ["long day", formatLongDay, "EEEE, d 'de' MMMM 'de' yyyy"],
    ["full date", formatFullDate, "d 'de' MMMM 'de' yyyy"],
    ["day of month", formatDayOfMonth, "d 'de' MMMM"],
    ["short day", formatShortDay, "EEE d"],
    ["short date and time", formatShortDateTime, "dd MMM HH:mm"],
    ["month", formatMonth, "MMMM 'de' yyyy"],
    ["ISO date", formatIsoDate, "yyyy-MM-dd"],
  ];

  it.each(cases)("%s writes what date-fns writes with the es locale", (_name, ours, pattern) => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2060-12-31T23:59:59Z"), noInvalidDate: true }), (date) => {
        expect(ours(date)).toBe(format(date, pattern, { locale: es }));
      }),
      { numRuns: 2000 },
    );
  });

  it("names every month and weekday as a Spanish reader expects", () => {
    expect(formatLongDay(new Date(2025, 4, 12, 9))).toBe("lunes, 12 de mayo de 2025");
    expect(formatShortDateTime(new Date(2025, 8, 3, 7, 5))).toBe("03 sep 07:05");
    expect(formatShortDay(new Date(2025, 2, 5, 12))).toBe("mié 5");
    expect(formatMonth(new Date(2026, 1, 1))).toBe("febrero de 2026");
    expect(formatDate("2025-12-31T10:00:00")).toBe("31/12/2025");
  });
});

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

  it("writes a lesson's day and hours the same on the device's clock and on its zone's", () => {
    const device = zonedDateFormats(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const instant = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2040-12-31T23:59:59Z"), noInvalidDate: true });
    fc.assert(
      fc.property(instant, fc.integer({ min: 30, max: 720 }), instant, (start, minutes, now) => {
        const end = new Date(start.getTime() + minutes * 60_000);
        expect(device.lessonTime(start, end, now)).toBe(deviceDateFormats.lessonTime(start, end, now));
      }),
    );
  });
});
