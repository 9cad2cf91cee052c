import { backoffMs } from "./queue";
import { categoriesForRoles, hasQuietHours, isChannelOn, quietHoursEnd } from "./preferences";

const MADRID = "Europe/Madrid";

describe("push quiet hours (22:00–08:00 on the school's clock)", () => {
  it.each([
    // winter, UTC+1
    ["2026-01-12T20:59:00Z", null],
    ["2026-01-12T21:00:00Z", "2026-01-13T07:00:00.000Z"],
    ["2026-01-12T23:30:00Z", "2026-01-13T07:00:00.000Z"],
    ["2026-01-13T06:59:00Z", "2026-01-13T07:00:00.000Z"],
    ["2026-01-13T07:00:00Z", null],
    // summer, UTC+2
    ["2026-07-01T19:59:00Z", null],
    ["2026-07-01T20:00:00Z", "2026-07-02T06:00:00.000Z"],
    // the night the clocks go forward (29 March 2026, 02:00 → 03:00): 08:00 is then UTC+2
    ["2026-03-28T22:00:00Z", "2026-03-29T06:00:00.000Z"],
    // and back (25 October 2026, 03:00 → 02:00): 08:00 is then UTC+1
    ["2026-10-24T21:00:00Z", "2026-10-25T07:00:00.000Z"],
  ])("at %s push waits until %s", (now, until) => {
    expect(quietHoursEnd(new Date(now), MADRID)?.toISOString() ?? null).toBe(until);
  });

  it("follow the school's own time zone", () => {
    // 23:00 in the Canary Islands (UTC+0 in winter) is midnight in Madrid.
    expect(quietHoursEnd(new Date("2026-01-12T21:30:00Z"), "Atlantic/Canary")).toBeNull();
    expect(quietHoursEnd(new Date("2026-01-12T22:30:00Z"), "Atlantic/Canary")?.toISOString()).toBe("2026-01-13T08:00:00.000Z");
  });

  it("are on unless the user turned them off", () => {
    expect(hasQuietHours([])).toBe(true);
    expect(hasQuietHours([{ category: "quiet_hours", channel: "push", enabled: false }])).toBe(false);
  });
});

describe("channel preferences", () => {
  it("fall back to each category's default and obey a stored row", () => {
    expect(isChannelOn([], "chat", "push")).toBe(true);
    expect(isChannelOn([], "chat", "email")).toBe(false);
    expect(isChannelOn([], "practices", "email")).toBe(false);
    expect(isChannelOn([], "reminders", "email")).toBe(true);
    expect(isChannelOn([{ category: "chat", channel: "email", enabled: true }], "chat", "email")).toBe(true);
    expect(isChannelOn([{ category: "reservations", channel: "push", enabled: false }], "reservations", "push")).toBe(false);
  });

  it("list the categories of every role the user has", () => {
    expect(categoriesForRoles(["ROLE_INSTRUCTOR"])).toEqual(["reservations", "reminders", "chat"]);
    expect(categoriesForRoles(["ROLE_SUPERADMIN"])).toEqual(["balance", "office"]);
    expect(categoriesForRoles(["ROLE_INSTRUCTOR", "ROLE_ADMINISTRADOR"])).toEqual(["reservations", "reminders", "balance", "chat", "office"]);
    expect(categoriesForRoles([])).toEqual([]);
  });
});

describe("the queue's back-off", () => {
  it("waits 30 s after the first failure, doubling, at most an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => backoffMs(n) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });
});
