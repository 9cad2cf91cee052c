import { byStart, firstOfTomorrow, isOnDay, isUnderway, schoolDays } from "./school-day";

const MADRID = "Europe/Madrid";
const iso = (s: string) => new Date(s).toISOString();
const lesson = (start: string, end: string, status = "confirmed") => ({ start: iso(start), end: iso(end), status });

describe("schoolDays", () => {
  it("takes the school's calendar day, not UTC's: 00:30 in Madrid is still 23:30 of the day before in UTC", () => {
    const days = schoolDays(Date.parse("2026-11-26T23:30:00Z"), MADRID);
    expect(days.today).toBe("2026-11-27");
    expect(new Date(days.todayStart).toISOString()).toBe("2026-11-26T23:00:00.000Z");
    expect(new Date(days.tomorrowStart).toISOString()).toBe("2026-11-27T23:00:00.000Z");
    expect(new Date(days.dayAfterStart).toISOString()).toBe("2026-11-28T23:00:00.000Z");
  });

  it("ends today at local midnight: one minute before it is still today, at it tomorrow has begun", () => {
    expect(schoolDays(Date.parse("2026-11-27T22:59:00Z"), MADRID).today).toBe("2026-11-27");
    expect(schoolDays(Date.parse("2026-11-27T23:00:00Z"), MADRID).today).toBe("2026-11-28");
  });

  it("gives the 23-hour day of the spring change and the 25-hour day of the autumn one", () => {
    const spring = schoolDays(Date.parse("2026-03-29T10:00:00Z"), MADRID);
    expect(spring.tomorrowStart - spring.todayStart).toBe(23 * 3_600_000);
    expect(new Date(spring.tomorrowStart).toISOString()).toBe("2026-03-29T22:00:00.000Z");
    const autumn = schoolDays(Date.parse("2026-10-25T10:00:00Z"), MADRID);
    expect(autumn.tomorrowStart - autumn.todayStart).toBe(25 * 3_600_000);
    // The day before the spring change: tomorrow is the short day.
    const saturday = schoolDays(Date.parse("2026-03-28T12:00:00Z"), MADRID);
    expect(saturday.dayAfterStart - saturday.tomorrowStart).toBe(23 * 3_600_000);
  });

  it("follows another school's zone", () => {
    expect(schoolDays(Date.parse("2026-11-27T03:00:00Z"), "America/New_York").today).toBe("2026-11-26");
    expect(schoolDays(Date.parse("2026-11-27T03:00:00Z"), "Atlantic/Canary").today).toBe("2026-11-27");
  });
});

describe("isOnDay", () => {
  const { todayStart, tomorrowStart } = schoolDays(Date.parse("2026-11-27T10:00:00Z"), MADRID);
  it("counts a lesson that crosses midnight on both days, and not one that ends at midnight", () => {
    expect(isOnDay(lesson("2026-11-26T22:30:00Z", "2026-11-26T23:30:00Z"), todayStart, tomorrowStart)).toBe(true);
    expect(isOnDay(lesson("2026-11-26T22:00:00Z", "2026-11-26T23:00:00Z"), todayStart, tomorrowStart)).toBe(false);
    expect(isOnDay(lesson("2026-11-27T23:00:00Z", "2026-11-28T00:00:00Z"), todayStart, tomorrowStart)).toBe(false);
    expect(isOnDay(lesson("2026-11-27T07:00:00Z", "2026-11-27T08:00:00Z"), todayStart, tomorrowStart)).toBe(true);
  });
});

describe("isUnderway", () => {
  const l = lesson("2026-11-27T08:00:00Z", "2026-11-27T09:00:00Z");
  it("runs from its start to just before its end", () => {
    expect(isUnderway(l, Date.parse("2026-11-27T07:59:59.999Z"))).toBe(false);
    expect(isUnderway(l, Date.parse("2026-11-27T08:00:00Z"))).toBe(true);
    expect(isUnderway(l, Date.parse("2026-11-27T08:59:59.999Z"))).toBe(true);
    expect(isUnderway(l, Date.parse("2026-11-27T09:00:00Z"))).toBe(false);
  });
  it("only a confirmed lesson runs: a request left pending never took place", () => {
    for (const status of ["requested", "denied", "cancelled", "anulled"]) {
      expect(isUnderway({ ...l, status }, Date.parse("2026-11-27T08:30:00Z"))).toBe(false);
    }
  });
});

describe("firstOfTomorrow", () => {
  const now = Date.parse("2026-11-27T20:00:00Z"); // 21:00 in Madrid
  const early = lesson("2026-11-28T07:00:00Z", "2026-11-28T08:00:00Z"); // 08:00 tomorrow
  const late = lesson("2026-11-28T15:00:00Z", "2026-11-28T16:00:00Z", "requested");
  it("is the earliest lesson starting tomorrow, whatever the order given", () => {
    expect(firstOfTomorrow([late, early], now, MADRID)).toBe(early);
  });
  it("ignores a lesson that began today and runs past midnight, and the day after tomorrow", () => {
    const crossing = lesson("2026-11-27T22:30:00Z", "2026-11-27T23:30:00Z");
    const dayAfter = lesson("2026-11-28T23:00:00Z", "2026-11-29T00:00:00Z");
    expect(firstOfTomorrow([crossing, dayAfter], now, MADRID)).toBeNull();
    expect(firstOfTomorrow([crossing, dayAfter, late], now, MADRID)).toBe(late);
  });
  it("moves on at midnight: just after it, tomorrow is the next day", () => {
    const justAfterMidnight = Date.parse("2026-11-27T23:05:00Z"); // 00:05 on the 28th
    expect(firstOfTomorrow([early, late], justAfterMidnight, MADRID)).toBeNull();
  });
  it("finds tomorrow's 00:30 across the spring change (the night has no 02:00-03:00)", () => {
    const saturday = Date.parse("2026-03-28T18:00:00Z");
    const sundayEarly = lesson("2026-03-28T23:30:00Z", "2026-03-29T00:30:00Z"); // 00:30 on Sunday
    expect(firstOfTomorrow([sundayEarly], saturday, MADRID)).toBe(sundayEarly);
  });
});

describe("byStart", () => {
  it("orders by start, then end, without touching the input", () => {
    const a = lesson("2026-11-27T10:00:00Z", "2026-11-27T11:00:00Z");
    const b = lesson("2026-11-27T08:00:00Z", "2026-11-27T10:00:00Z");
    const c = lesson("2026-11-27T08:00:00Z", "2026-11-27T09:00:00Z");
    const input = [a, b, c];
    expect(byStart(input)).toEqual([c, b, a]);
    expect(input).toEqual([a, b, c]);
  });
});
