import { dayItems, dayStatuses, freeLabel, horizonDate, nextDayWithSlots, stripDates } from "./day-picker";
import type { DisplayEvent, DisplayKind } from "./selection";

const TZ = "Europe/Madrid";
const at = (iso: string) => Date.parse(iso);
const ev = (kind: DisplayKind, start: string, hours = 1): DisplayEvent => ({
  id: `${kind}:${start}`,
  title: kind,
  kind,
  start,
  end: new Date(at(start) + hours * 3_600_000).toISOString(),
});

describe("the day strip", () => {
  it("starts today, never on a past day, even on a Friday (the week grid started on Monday)", () => {
    // Friday 28 November 2025, 10:00 in Madrid.
    const dates = stripDates(at("2025-11-28T09:00:00Z"), "2025-12-07", TZ);
    expect(dates[0]).toBe("2025-11-28");
    expect(dates).toHaveLength(10);
    expect(dates.at(-1)).toBe("2025-12-07");
  });

  it("takes today on the school's clock, not UTC's (00:30 in Madrid is still the day before in UTC)", () => {
    expect(stripDates(at("2025-11-27T23:30:00Z"), "2025-11-30", TZ)[0]).toBe("2025-11-28");
    expect(stripDates(at("2025-11-27T23:30:00Z"), "2025-11-30", "UTC")[0]).toBe("2025-11-27");
  });

  it("has one day per calendar date across both changes of the clocks", () => {
    const march = stripDates(at("2025-03-29T10:00:00Z"), "2025-03-31", TZ);
    expect(march).toEqual(["2025-03-29", "2025-03-30", "2025-03-31"]);
    const october = stripDates(at("2025-10-25T22:30:00Z"), "2025-10-27", TZ); // 00:30 CEST on the 26th
    expect(october).toEqual(["2025-10-26", "2025-10-27"]);
  });

  it("ends at the school's horizon", () => {
    expect(horizonDate(at("2025-11-28T09:00:00Z"), 60, TZ)).toBe("2026-01-27");
    expect(horizonDate(at("2025-03-29T22:30:00Z"), 1, TZ)).toBe("2025-03-31"); // 23:30 CET + 24 h = 00:30 CEST on the 31st
  });
});

describe("day statuses and items", () => {
  const now = at("2025-11-28T09:30:00Z"); // Friday 10:30
  const events = [
    ev("unavailable", "2025-11-28T07:00:00Z"), // 08:00–09:00, over
    ev("available", "2025-11-28T09:00:00Z"), // 10:00, already begun
    ev("available", "2025-11-28T10:00:00Z"),
    ev("unavailable", "2025-11-28T11:00:00Z", 2),
    ev("selected", "2025-11-29T08:00:00Z"),
    ev("available", "2025-11-29T23:30:00Z"), // Sunday 30 at 00:30 in Madrid
    ev("reservation-confirmed", "2025-12-01T08:00:00Z"),
  ];
  const dates = stripDates(now, "2025-12-01", TZ);

  it("counts free slots still ahead and selected ones, per local day", () => {
    expect(dayStatuses(events, dates, now, TZ)).toEqual([
      { date: "2025-11-28", freeCount: 1, selectedCount: 0 },
      { date: "2025-11-29", freeCount: 0, selectedCount: 1 },
      { date: "2025-11-30", freeCount: 1, selectedCount: 0 },
      { date: "2025-12-01", freeCount: 0, selectedCount: 0 },
    ]);
  });

  it("lists a day's free, selected and taken times in order, without a free slot already begun or anything over", () => {
    expect(dayItems(events, "2025-11-28", now, TZ).map((i) => [i.kind, i.start])).toEqual([
      ["available", "2025-11-28T10:00:00Z"],
      ["unavailable", "2025-11-28T11:00:00Z"],
    ]);
    expect(dayItems(events, "2025-12-01", now, TZ).map((i) => i.kind)).toEqual(["reservation-confirmed"]);
  });
});

describe("the next day with free slots", () => {
  const days = [
    { date: "2025-11-28", freeCount: 2, selectedCount: 0 },
    { date: "2025-11-29", freeCount: 0, selectedCount: 1 },
    { date: "2025-11-30", freeCount: 0, selectedCount: 0 },
    { date: "2025-12-01", freeCount: 3, selectedCount: 0 },
  ];

  it("skips the days without a free slot (a day with only selected ones has none left)", () => {
    expect(nextDayWithSlots(days, "2025-11-28")).toBe("2025-12-01");
    expect(nextDayWithSlots(days, "2025-11-27")).toBe("2025-11-28");
  });

  it("answers null when none of the known days has one", () => {
    expect(nextDayWithSlots(days, "2025-12-01")).toBeNull();
    expect(nextDayWithSlots([], "2025-12-01")).toBeNull();
  });

  it("labels the counts with real plurals", () => {
    expect([0, 1, 2].map(freeLabel)).toEqual(["Sin huecos", "1 hueco", "2 huecos"]);
  });
});
