import { AGENDA_CHUNK_DAYS, agendaLastDay, agendaRanges, dayHeading, firstAgendaRange, groupAgendaDays } from "./agenda";

const MADRID = "Europe/Madrid";
// Friday 27 November 2026, 09:00 in Madrid (08:00 UTC).
const NOW = Date.parse("2026-11-27T08:00:00Z");

const event = (id: string, start: string, end: string) => ({ id, start, end });

describe("agenda grouping", () => {
  it("heads today and tomorrow as people say them, then the weekday and date", () => {
    expect(dayHeading("2026-11-27", "2026-11-27")).toBe("Hoy, viernes 27 de noviembre");
    expect(dayHeading("2026-11-28", "2026-11-27")).toBe("Mañana, sábado 28 de noviembre");
    expect(dayHeading("2026-11-30", "2026-11-27")).toBe("Lunes 30 de noviembre");
    // Another year says which.
    expect(dayHeading("2027-01-01", "2026-12-28")).toBe("Viernes 1 de enero de 2027");
  });

  it("groups by the school's day, not UTC's: 23:30 UTC on Friday is Saturday in Madrid", () => {
    const days = groupAgendaDays(
      [
        event("late", "2026-11-27T23:30:00Z", "2026-11-28T00:30:00Z"),
        event("morning", "2026-11-27T09:00:00Z", "2026-11-27T10:00:00Z"),
        event("early", "2026-11-27T07:00:00Z", "2026-11-27T08:00:00Z"),
      ],
      NOW,
      MADRID,
    );
    expect(days.map((d) => [d.heading, d.items.map((i) => i.id)])).toEqual([
      ["Hoy, viernes 27 de noviembre", ["early", "morning"]],
      ["Mañana, sábado 28 de noviembre", ["late"]],
    ]);
  });

  it("the same events in another school's zone fall on other days", () => {
    const days = groupAgendaDays([event("late", "2026-11-27T23:30:00Z", "2026-11-28T00:30:00Z")], NOW, "America/New_York");
    expect(days.map((d) => d.heading)).toEqual(["Hoy, viernes 27 de noviembre"]);
  });

  it("leaves out days without events and what ended before today; lists a lesson still running since yesterday under today", () => {
    const days = groupAgendaDays(
      [
        event("yesterday", "2026-11-26T10:00:00Z", "2026-11-26T11:00:00Z"),
        event("overnight", "2026-11-26T22:30:00Z", "2026-11-27T00:30:00Z"),
        event("monday", "2026-11-30T16:00:00Z", "2026-11-30T17:00:00Z"),
      ],
      NOW,
      MADRID,
    );
    expect(days.map((d) => [d.date, d.items.map((i) => i.id)])).toEqual([
      ["2026-11-27", ["overnight"]],
      ["2026-11-30", ["monday"]],
    ]);
  });

  it("lists an event once when two blocks returned it", () => {
    const shared = event("edge", "2026-12-10T22:30:00Z", "2026-12-11T00:30:00Z");
    expect(groupAgendaDays([shared, { ...shared }], NOW, MADRID).flatMap((d) => d.items)).toHaveLength(1);
  });

  it("asks for blocks of days from the school's midnight, across the end of summer time", () => {
    expect(agendaRanges("2026-11-27", 2, MADRID)).toEqual([
      { start: "2026-11-26T23:00:00.000Z", end: "2026-12-10T23:00:00.000Z" },
      { start: "2026-12-10T23:00:00.000Z", end: "2026-12-24T23:00:00.000Z" },
    ]);
    // 25 October 2026 ends summer time in Madrid: the block starts at +02:00 and ends at +01:00.
    expect(agendaRanges("2026-10-20", 1, MADRID)).toEqual([{ start: "2026-10-19T22:00:00.000Z", end: "2026-11-02T23:00:00.000Z" }]);
    expect(agendaLastDay("2026-11-27", 1)).toBe("2026-12-10");
    expect(AGENDA_CHUNK_DAYS).toBe(14);
  });
});

describe("the first block a calendar's first view reads", () => {
  test("starts at midnight of today on the school's clock, not the server's", () => {
    // 23:30 UTC on 30 November is already 1 December in Madrid (UTC+1) and still 30 November in New York.
    const now = Date.parse("2026-11-30T23:30:00Z");
    expect(firstAgendaRange(now, "Europe/Madrid")).toEqual({ start: "2026-11-30T23:00:00.000Z", end: "2026-12-14T23:00:00.000Z" });
    expect(firstAgendaRange(now, "America/New_York")).toEqual({ start: "2026-11-30T05:00:00.000Z", end: "2026-12-14T05:00:00.000Z" });
  });

  test("is the block the agenda asks for first", () => {
    const now = Date.parse("2026-03-28T12:00:00Z");
    expect(firstAgendaRange(now, "Europe/Madrid")).toEqual(agendaRanges("2026-03-28", 1, "Europe/Madrid")[0]);
  });
});
