import { isoWeekday, windowsOn } from "./schedule-preview";

const rules = [
  { weekday: 1, start: "08:00", end: "14:00" },
  { weekday: 1, start: "16:00", end: "20:00" },
  { weekday: 2, start: "09:00", end: "13:00" },
];
// 2030-01-07 is a Monday.
const MONDAY = "2030-01-07";

describe("windowsOn", () => {
  it("knows the ISO weekday", () => {
    expect(isoWeekday(MONDAY)).toBe(1);
    expect(isoWeekday("2030-01-13")).toBe(7);
  });

  it("uses the weekly rules of the weekday", () => {
    expect(windowsOn(MONDAY, rules, [])).toEqual([
      { start: "08:00", end: "14:00" },
      { start: "16:00", end: "20:00" },
    ]);
    expect(windowsOn("2030-01-09", rules, [])).toEqual([]);
  });

  it("removes the whole day for a day off without hours", () => {
    expect(windowsOn(MONDAY, rules, [{ date: MONDAY, type: "day_off", start: null, end: null }])).toEqual([]);
  });

  it("cuts a day off with hours out of the windows", () => {
    expect(windowsOn(MONDAY, rules, [{ date: MONDAY, type: "day_off", start: "10:00", end: "17:00" }])).toEqual([
      { start: "08:00", end: "10:00" },
      { start: "17:00", end: "20:00" },
    ]);
  });

  it("adds extra hours, merging with touching windows, and ignores other dates", () => {
    const overrides = [
      { date: MONDAY, type: "extra" as const, start: "14:00", end: "15:00" },
      { date: "2030-01-14", type: "day_off" as const, start: null, end: null },
    ];
    expect(windowsOn(MONDAY, rules, overrides)).toEqual([
      { start: "08:00", end: "15:00" },
      { start: "16:00", end: "20:00" },
    ]);
    expect(windowsOn("2030-01-12", rules, [{ date: "2030-01-12", type: "extra", start: "10:00", end: "12:00" }])).toEqual([
      { start: "10:00", end: "12:00" },
    ]);
  });
});
