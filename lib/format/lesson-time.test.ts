import { format } from "date-fns";
import { es } from "date-fns/locale";
import fc from "fast-check";
import { localDate } from "@/lib/time/zoned-time";
import { noonOfDate } from "./dates";
import { formatLessonDay, formatLessonTime } from "./lesson-time";

// Frozen now: Friday 27 November 2026, 10:00 in Madrid (09:00 UTC). The tests run with TZ=UTC.
const NOW = Date.parse("2026-11-27T09:00:00Z");
const MADRID = "Europe/Madrid";
const at = (iso: string) => Date.parse(iso);

describe("a lesson's day and hours as people say them (Europe/Madrid)", () => {
  it.each([
    ["later today", "2026-11-27T11:00:00Z", "2026-11-27T13:00:00Z", "Hoy · 12:00–14:00"],
    ["tomorrow", "2026-11-28T08:00:00Z", "2026-11-28T09:00:00Z", "Mañana · 09:00–10:00"],
    ["yesterday", "2026-11-26T16:00:00Z", "2026-11-26T17:30:00Z", "Ayer · 17:00–18:30"],
    ["the issue's example", "2026-12-01T11:00:00Z", "2026-12-01T13:00:00Z", "mar 1 dic · 12:00–14:00"],
    ["next year, with its year", "2027-01-04T07:00:00Z", "2027-01-04T08:00:00Z", "lun 4 ene 2027 · 08:00–09:00"],
    ["last year", "2025-12-30T07:00:00Z", "2025-12-30T08:00:00Z", "mar 30 dic 2025 · 08:00–09:00"],
    ["ending at midnight", "2026-11-29T22:00:00Z", "2026-11-29T23:00:00Z", "dom 29 nov · 23:00–00:00"],
    ["running into the next day", "2026-11-29T21:00:00Z", "2026-11-30T01:00:00Z", "dom 29 nov · 22:00 – lun 30 nov · 02:00"],
    ["after the clocks go forward (CEST)", "2027-03-29T07:00:00Z", "2027-03-29T08:00:00Z", "lun 29 mar 2027 · 09:00–10:00"],
  ])("%s", (_name, start, end, text) => {
    expect(formatLessonTime(start, end, NOW, MADRID)).toBe(text);
  });

  it("says 'Hoy' and 'Mañana' by the school's date, not UTC's", () => {
    // 23:30 UTC on the 27th is already the 28th in Madrid.
    const lateNight = at("2026-11-27T23:30:00Z");
    expect(formatLessonDay("2026-11-28T08:00:00Z", lateNight, MADRID)).toBe("Hoy");
    expect(formatLessonDay("2026-11-29T08:00:00Z", lateNight, MADRID)).toBe("Mañana");
    expect(formatLessonDay("2026-11-27T22:00:00Z", lateNight, MADRID)).toBe("Ayer");
    // On the device's clock (UTC here) the same instants are still the 27th.
    expect(formatLessonDay("2026-11-28T08:00:00Z", lateNight)).toBe("Mañana");
  });

  it("uses 24-hour times, never AM/PM", () => {
    expect(formatLessonTime("2026-12-02T12:00:00Z", "2026-12-02T14:00:00Z", NOW, MADRID)).toBe("mié 2 dic · 13:00–15:00");
    expect(formatLessonTime("2026-12-02T23:15:00Z", "2026-12-03T00:15:00Z", NOW)).toBe("mié 2 dic · 23:15 – jue 3 dic · 00:15");
  });

  it("names any other day as date-fns's Spanish 'EEE d MMM' does", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2026-11-30T00:00:00Z"), max: new Date("2026-12-31T20:00:00Z"), noInvalidDate: true }), (date) => {
        const day = noonOfDate(localDate(date.getTime(), MADRID));
        expect(formatLessonDay(date, NOW, MADRID)).toBe(format(day, "EEE d MMM", { locale: es }));
      }),
      { numRuns: 500 },
    );
  });
});
