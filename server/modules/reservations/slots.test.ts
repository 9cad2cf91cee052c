import { availabilityWindows, earliestStart, generateSlots, mergeIntervals, nextLocalHour, subtractIntervals, type Interval, type WeeklyRule } from "./slots";
import { localToUtc } from "@/lib/time/zoned-time";

const TZ = "Europe/Madrid";
const at = (iso: string) => Date.parse(iso);
const iso = (list: Interval[]) => list.map((i) => `${new Date(i.start).toISOString()}/${new Date(i.end).toISOString()}`);
const weekdays = (ranges: [number, number][]): WeeklyRule[] =>
  [1, 2, 3, 4, 5].flatMap((weekday) => ranges.map(([s, e]) => ({ weekday, startMinutes: s * 60, endMinutes: e * 60 })));
const every = (s: number, e: number): WeeklyRule[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinutes: s * 60, endMinutes: e * 60 }));

const longAgo = at("2000-01-01T00:00:00Z");

type SlotOptions = { duration?: number; now?: number; busy?: Interval[]; minNoticeHours?: number };
function slotsFor(rules: WeeklyRule[], from: string, to: string, options: SlotOptions = {}) {
  const windows = availabilityWindows({ rules, overrides: [], timeZone: TZ, from: at(from), to: at(to) });
  const { busy = [], duration = 3600, now = longAgo, minNoticeHours } = options;
  return generateSlots({ windows, busy, durationSeconds: duration, now, timeZone: TZ, minNoticeHours });
}

describe("interval helpers", () => {
  it("merges touching and overlapping intervals", () => {
    expect(mergeIntervals([{ start: 5, end: 8 }, { start: 0, end: 3 }, { start: 3, end: 4 }, { start: 7, end: 9 }])).toEqual([
      { start: 0, end: 4 },
      { start: 5, end: 9 },
    ]);
  });

  it("subtracts busy time", () => {
    expect(subtractIntervals([{ start: 0, end: 10 }], [{ start: 2, end: 3 }, { start: 8, end: 12 }])).toEqual([
      { start: 0, end: 2 },
      { start: 3, end: 8 },
    ]);
    expect(subtractIntervals([{ start: 0, end: 10 }], [{ start: -1, end: 11 }])).toEqual([]);
  });
});

describe("local time conversion in Europe/Madrid", () => {
  it("uses +1 in winter and +2 in summer", () => {
    expect(new Date(localToUtc("2025-01-15", 8 * 60, TZ)).toISOString()).toBe("2025-01-15T07:00:00.000Z");
    expect(new Date(localToUtc("2025-07-15", 8 * 60, TZ)).toISOString()).toBe("2025-07-15T06:00:00.000Z");
  });

  it("moves a skipped wall time forward and takes the first of a repeated one", () => {
    expect(new Date(localToUtc("2025-03-30", 150, TZ)).toISOString()).toBe("2025-03-30T01:30:00.000Z"); // 03:30 CEST
    expect(new Date(localToUtc("2025-10-26", 150, TZ)).toISOString()).toBe("2025-10-26T00:30:00.000Z"); // 02:30 CEST
  });

  it("finds the next whole local hour", () => {
    expect(new Date(nextLocalHour(at("2025-01-15T07:20:00Z"), TZ)).toISOString()).toBe("2025-01-15T08:00:00.000Z");
    expect(new Date(nextLocalHour(at("2025-01-15T08:00:00Z"), TZ)).toISOString()).toBe("2025-01-15T08:00:00.000Z");
    expect(new Date(nextLocalHour(at("2025-01-15T08:00:00.001Z"), TZ)).toISOString()).toBe("2025-01-15T09:00:00.000Z");
    // Kolkata is UTC+05:30: its whole hours are at :30 UTC.
    expect(new Date(nextLocalHour(at("2025-01-15T08:00:00Z"), "Asia/Kolkata")).toISOString()).toBe("2025-01-15T08:30:00.000Z");
  });
});

describe("availability windows", () => {
  const rules = weekdays([[8, 14], [16, 20]]);

  it("expands weekday rules in local time and skips the weekend", () => {
    // Monday 2025-01-13 to Monday 2025-01-20 (local midnight = 23:00Z the day before)
    const windows = availabilityWindows({ rules, overrides: [], timeZone: TZ, from: at("2025-01-12T23:00:00Z"), to: at("2025-01-19T23:00:00Z") });
    expect(windows).toHaveLength(10);
    expect(iso(windows.slice(0, 2))).toEqual([
      "2025-01-13T07:00:00.000Z/2025-01-13T13:00:00.000Z",
      "2025-01-13T15:00:00.000Z/2025-01-13T19:00:00.000Z",
    ]);
  });

  it("applies a whole day off, a blocked range and extra hours", () => {
    const windows = availabilityWindows({
      rules,
      overrides: [
        { date: "2025-01-13", type: "day_off", startMinutes: null, endMinutes: null },
        { date: "2025-01-14", type: "day_off", startMinutes: 10 * 60, endMinutes: 12 * 60 },
        { date: "2025-01-14", type: "extra", startMinutes: 14 * 60, endMinutes: 16 * 60 },
        { date: "2025-01-18", type: "extra", startMinutes: 9 * 60, endMinutes: 11 * 60 },
      ],
      timeZone: TZ,
      from: at("2025-01-12T23:00:00Z"),
      to: at("2025-01-19T23:00:00Z"),
    });
    const monday = windows.filter((w) => w.start < at("2025-01-13T23:00:00Z"));
    expect(monday).toEqual([]);
    const tuesday = windows.filter((w) => w.start >= at("2025-01-13T23:00:00Z") && w.start < at("2025-01-14T23:00:00Z"));
    // 08-10, then 12-14 joined with the extra 14-16 and the rule's 16-20
    expect(iso(tuesday)).toEqual([
      "2025-01-14T07:00:00.000Z/2025-01-14T09:00:00.000Z",
      "2025-01-14T11:00:00.000Z/2025-01-14T19:00:00.000Z",
    ]);
    const saturday = windows.filter((w) => w.start >= at("2025-01-17T23:00:00Z"));
    expect(iso(saturday)).toEqual(["2025-01-18T08:00:00.000Z/2025-01-18T10:00:00.000Z"]);
  });

  it("clips to the requested range", () => {
    const windows = availabilityWindows({ rules, overrides: [], timeZone: TZ, from: at("2025-01-13T10:00:00Z"), to: at("2025-01-13T16:00:00Z") });
    expect(iso(windows)).toEqual([
      "2025-01-13T10:00:00.000Z/2025-01-13T13:00:00.000Z",
      "2025-01-13T15:00:00.000Z/2025-01-13T16:00:00.000Z",
    ]);
  });
});

describe("slot generation", () => {
  const rules = weekdays([[8, 14], [16, 20]]);
  const monday = ["2025-01-12T23:00:00Z", "2025-01-13T23:00:00Z"] as const;

  it("starts every slot on the hour inside the windows, with the chosen length", () => {
    const oneHour = slotsFor(rules, ...monday);
    expect(oneHour).toHaveLength(10); // 6 in the morning, 4 in the afternoon
    expect(oneHour.every((s) => new Date(s.start).getUTCMinutes() === 0 && s.end - s.start === 3_600_000)).toBe(true);
    const twoHours = slotsFor(rules, ...monday, { duration: 7200 });
    expect(twoHours).toHaveLength(8); // 08..12 and 16..18, overlapping starts every hour
    expect(iso(twoHours).at(-1)).toBe("2025-01-13T17:00:00.000Z/2025-01-13T19:00:00.000Z");
    const ninety = slotsFor(rules, ...monday, { duration: 5400 });
    expect(iso(ninety)[0]).toBe("2025-01-13T07:00:00.000Z/2025-01-13T08:30:00.000Z");
    expect(ninety).toHaveLength(8); // 08..12 (ends 13:30) and 16..18 (ends 19:30)
  });

  it("starts at whole hours when a window starts at half past", () => {
    const slots = slotsFor([{ weekday: 1, startMinutes: 8 * 60 + 30, endMinutes: 11 * 60 }], ...monday);
    expect(iso(slots)).toEqual([
      "2025-01-13T08:00:00.000Z/2025-01-13T09:00:00.000Z",
      "2025-01-13T09:00:00.000Z/2025-01-13T10:00:00.000Z",
    ]);
  });

  it("never offers a slot in the past", () => {
    const slots = slotsFor(rules, ...monday, { now: at("2025-01-13T09:10:00Z") });
    expect(iso(slots)[0]).toBe("2025-01-13T10:00:00.000Z/2025-01-13T11:00:00.000Z"); // 11:00 local
    expect(slotsFor(rules, ...monday, { now: at("2025-01-13T09:00:00Z") })[0]!.start).toBe(at("2025-01-13T09:00:00Z"));
    expect(slotsFor(rules, ...monday, { now: at("2025-01-14T00:00:00Z") })).toEqual([]);
  });

  it("skips busy time and slots that would overlap it", () => {
    const busy = [{ start: at("2025-01-13T09:00:00Z"), end: at("2025-01-13T10:30:00Z") }];
    const slots = slotsFor(rules, ...monday, { busy });
    const morning = iso(slots).filter((s) => s < "2025-01-13T14");
    expect(morning).toEqual([
      "2025-01-13T07:00:00.000Z/2025-01-13T08:00:00.000Z",
      "2025-01-13T08:00:00.000Z/2025-01-13T09:00:00.000Z",
      "2025-01-13T11:00:00.000Z/2025-01-13T12:00:00.000Z",
      "2025-01-13T12:00:00.000Z/2025-01-13T13:00:00.000Z",
    ]);
    const twoHours = slotsFor(rules, ...monday, { busy, duration: 7200 });
    expect(iso(twoHours).filter((s) => s < "2025-01-13T14")).toEqual([
      "2025-01-13T07:00:00.000Z/2025-01-13T09:00:00.000Z",
      "2025-01-13T11:00:00.000Z/2025-01-13T13:00:00.000Z",
    ]);
  });
});

describe("daylight saving in Europe/Madrid", () => {
  it("keeps local hours on the last Sunday of March (clocks 02:00 → 03:00)", () => {
    // Saturday 29 March is still CET (+1); Sunday 30 March is CEST (+2) from 02:00.
    const saturday = slotsFor(every(8, 10), "2025-03-28T23:00:00Z", "2025-03-29T23:00:00Z");
    const sunday = slotsFor(every(8, 10), "2025-03-29T23:00:00Z", "2025-03-30T22:00:00Z");
    expect(iso(saturday)).toEqual(["2025-03-29T07:00:00.000Z/2025-03-29T08:00:00.000Z", "2025-03-29T08:00:00.000Z/2025-03-29T09:00:00.000Z"]);
    expect(iso(sunday)).toEqual(["2025-03-30T06:00:00.000Z/2025-03-30T07:00:00.000Z", "2025-03-30T07:00:00.000Z/2025-03-30T08:00:00.000Z"]);
  });

  it("loses the skipped hour in a night window on the change day", () => {
    // 00:00–06:00 local on 30 March is only 5 real hours: 00, 01, 03, 04, 05.
    const slots = slotsFor(every(0, 6), "2025-03-29T23:00:00Z", "2025-03-30T04:00:00Z");
    expect(slots).toHaveLength(5);
    expect(iso(slots)[2]).toBe("2025-03-30T01:00:00.000Z/2025-03-30T02:00:00.000Z"); // 03:00 CEST
  });

  it("keeps local hours on the last Sunday of October (clocks 03:00 → 02:00)", () => {
    const saturday = slotsFor(every(8, 10), "2025-10-24T22:00:00Z", "2025-10-25T22:00:00Z");
    const sunday = slotsFor(every(8, 10), "2025-10-25T22:00:00Z", "2025-10-26T23:00:00Z");
    expect(iso(saturday)[0]).toBe("2025-10-25T06:00:00.000Z/2025-10-25T07:00:00.000Z"); // 08:00 CEST
    expect(iso(sunday)[0]).toBe("2025-10-26T07:00:00.000Z/2025-10-26T08:00:00.000Z"); // 08:00 CET
    expect(sunday).toHaveLength(2);
  });

  it("offers the repeated hour twice in a night window on the October change day", () => {
    // 00:00–06:00 local on 26 October lasts 7 real hours: 00, 01, 02 (CEST), 02 (CET), 03, 04, 05.
    const slots = slotsFor(every(0, 6), "2025-10-25T22:00:00Z", "2025-10-26T05:00:00Z");
    expect(slots).toHaveLength(7);
    expect(iso(slots).slice(2, 4)).toEqual([
      "2025-10-26T00:00:00.000Z/2025-10-26T01:00:00.000Z",
      "2025-10-26T01:00:00.000Z/2025-10-26T02:00:00.000Z",
    ]);
  });

  it("produces the same local schedule for a whole week across the March change", () => {
    const week = slotsFor(weekdays([[8, 14], [16, 20]]), "2025-03-23T23:00:00Z", "2025-04-06T22:00:00Z");
    const localHours = new Set(
      week.map((s) => new Intl.DateTimeFormat("es-ES", { timeZone: TZ, hour: "2-digit", minute: "2-digit" }).format(s.start)),
    );
    expect([...localHours].sort()).toEqual(["08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "16:00", "17:00", "18:00", "19:00"]);
    expect(week).toHaveLength(100);
  });
});

describe("minimum notice (the school's 'Antelación mínima para reservar')", () => {
  const local = (list: Interval[]) =>
    list.map((s) => new Intl.DateTimeFormat("es-ES", { timeZone: TZ, day: "2-digit", hour: "2-digit", minute: "2-digit" }).format(s.start));

  it("offers nothing that starts sooner than the notice, and a slot exactly at its end", () => {
    // Tuesday 14 January 2025, 22:00 CET: 12 hours later is Wednesday 10:00.
    const now = at("2025-01-14T21:00:00Z");
    const slots = slotsFor(every(8, 20), "2025-01-14T23:00:00Z", "2025-01-15T23:00:00Z", { now, minNoticeHours: 12 });
    expect(local(slots)[0]).toBe("15, 10:00");
    expect(slots).toHaveLength(10);
    // The student who booked 08:00 at 04:17 the same morning: with the notice, 08:00 is not offered; 17:00 is the first.
    const early = slotsFor(every(8, 20), "2025-01-14T23:00:00Z", "2025-01-15T23:00:00Z", { now: at("2025-01-15T03:17:00Z"), minNoticeHours: 12 });
    expect(local(early)[0]).toBe("15, 17:00");
  });

  it("with no notice (0 or absent) offers every future slot, as before", () => {
    const now = at("2025-01-15T03:17:00Z"); // 04:17 local
    const day = ["2025-01-14T23:00:00Z", "2025-01-15T23:00:00Z"] as const;
    expect(local(slotsFor(every(8, 20), ...day, { now, minNoticeHours: 0 }))[0]).toBe("15, 08:00");
    expect(slotsFor(every(8, 20), ...day, { now })).toEqual(slotsFor(every(8, 20), ...day, { now, minNoticeHours: 0 }));
  });

  it("counts real hours across the March change (a local clock would be an hour short)", () => {
    // Saturday 29 March 2025, 20:17 CET. Clocks jump 02:00 → 03:00, so 12 real hours later is Sunday 09:17 CEST.
    const now = at("2025-03-29T19:17:00Z");
    const slots = slotsFor(every(8, 20), "2025-03-29T23:00:00Z", "2025-03-30T22:00:00Z", { now, minNoticeHours: 12 });
    expect(local(slots)[0]).toBe("30, 10:00");
    expect(iso(slots)[0]).toBe("2025-03-30T08:00:00.000Z/2025-03-30T09:00:00.000Z");
  });

  it("counts real hours across the October change (a local clock would be an hour long)", () => {
    // Saturday 25 October 2025, 20:30 CEST. Clocks go back 03:00 → 02:00: 13 real hours later is Sunday 08:30 CET
    // (a wall clock would say 09:30 and offer 10:00 first; no notice would offer 08:00).
    const now = at("2025-10-25T18:30:00Z");
    const slots = slotsFor(every(8, 20), "2025-10-25T22:00:00Z", "2025-10-26T23:00:00Z", { now, minNoticeHours: 13 });
    expect(local(slots)[0]).toBe("26, 09:00");
    expect(slots).toHaveLength(11);
  });

  it("reaches across days and ignores a negative notice", () => {
    const now = at("2025-01-13T07:00:00Z"); // Monday 08:00
    const week = slotsFor(every(8, 20), "2025-01-12T23:00:00Z", "2025-01-19T23:00:00Z", { now, minNoticeHours: 168 });
    expect(week).toEqual([]);
    expect(earliestStart(now, -5)).toBe(now);
    expect(earliestStart(now, 2)).toBe(now + 7_200_000);
  });
});
