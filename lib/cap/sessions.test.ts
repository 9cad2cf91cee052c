import {
  DEFAULT_SESSION_END_TIME,
  DEFAULT_SESSION_START_TIME,
  groupSessions,
  hasDefaultTimes,
  isDateInCourse,
  sessionBounds,
  sessionName,
  timesForToday,
} from "./sessions";

const MADRID = "Europe/Madrid";
const s = (id: string, start: string, end: string) => ({ id, start, end });

describe("groupSessions", () => {
  // 2025-05-12 10:00 in Madrid (CEST, UTC+2).
  const now = new Date("2025-05-12T08:00:00Z");

  it("splits today, upcoming and past by the Madrid date", () => {
    const sessions = [
      s("yesterday", "2025-05-11T06:00:00Z", "2025-05-11T16:00:00Z"),
      s("today-ended", "2025-05-12T04:00:00Z", "2025-05-12T07:00:00Z"),
      s("today-later", "2025-05-12T14:00:00Z", "2025-05-12T16:00:00Z"),
      s("tomorrow", "2025-05-13T06:00:00Z", "2025-05-13T16:00:00Z"),
      s("next-week", "2025-05-19T06:00:00Z", "2025-05-19T16:00:00Z"),
      s("last-week", "2025-05-05T06:00:00Z", "2025-05-05T16:00:00Z"),
    ];
    const g = groupSessions(sessions, now, MADRID);
    expect(g.today.map((x) => x.id)).toEqual(["today-ended", "today-later"]);
    expect(g.upcoming.map((x) => x.id)).toEqual(["tomorrow", "next-week"]);
    expect(g.past.map((x) => x.id)).toEqual(["yesterday", "last-week"]);
  });

  it("uses the school's date, not UTC's, around midnight", () => {
    // 00:30 on 13 May in Madrid is still 12 May in UTC.
    const lateNow = new Date("2025-05-12T22:30:00Z");
    const g = groupSessions([s("13th", "2025-05-13T06:00:00Z", "2025-05-13T16:00:00Z")], lateNow, MADRID);
    expect(g.today.map((x) => x.id)).toEqual(["13th"]);
    expect(groupSessions([s("13th", "2025-05-13T06:00:00Z", "2025-05-13T16:00:00Z")], lateNow, "UTC").upcoming).toHaveLength(1);
  });

  it("answers empty groups for no sessions", () => {
    expect(groupSessions([], now, MADRID)).toEqual({ today: [], upcoming: [], past: [] });
  });
});

describe("session names and times", () => {
  it("names a session 'Course - dd/MM/yyyy'", () => {
    expect(sessionName("CAP Continua Mercancías", "2025-05-09")).toBe("CAP Continua Mercancías - 09/05/2025");
  });

  it("defaults to 08:00–18:00 school time", () => {
    expect([DEFAULT_SESSION_START_TIME, DEFAULT_SESSION_END_TIME]).toEqual(["08:00", "18:00"]);
    expect(sessionBounds("2025-01-15", null, MADRID)).toEqual({ start: "2025-01-15T07:00:00.000Z", end: "2025-01-15T17:00:00.000Z" });
    expect(sessionBounds("2025-07-15", { startTime: "09:30", endTime: "14:00" }, MADRID)).toEqual({
      start: "2025-07-15T07:30:00.000Z",
      end: "2025-07-15T12:00:00.000Z",
    });
  });

  it("reuses the latest session's times for today only when they are not the default", () => {
    const defaults = sessionBounds("2025-05-10", null, MADRID);
    const custom = sessionBounds("2025-05-09", { startTime: "15:00", endTime: "20:00" }, MADRID);
    expect(hasDefaultTimes(defaults, MADRID)).toBe(true);
    expect(timesForToday([custom, defaults], MADRID)).toBeNull();
    expect(timesForToday([defaults, sessionBounds("2025-05-11", { startTime: "15:00", endTime: "20:00" }, MADRID)], MADRID)).toEqual({
      startTime: "15:00",
      endTime: "20:00",
    });
    expect(timesForToday([], MADRID)).toBeNull();
  });

  it("checks the course period inclusively", () => {
    const course = { start: "2025-05-05", end: "2025-05-16" };
    expect(isDateInCourse("2025-05-05", course)).toBe(true);
    expect(isDateInCourse("2025-05-16", course)).toBe(true);
    expect(isDateInCourse("2025-05-17", course)).toBe(false);
    expect(isDateInCourse("2025-05-04", course)).toBe(false);
  });
});
