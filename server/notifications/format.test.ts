import { amountText, instantWhen, lessonWhen, preview } from "./format";

// Frozen now: Friday 27 November 2026, 10:00 in Madrid. The tests run with TZ=UTC.
const NOW = Date.parse("2026-11-27T09:00:00Z");
const MADRID = "Europe/Madrid";

describe("how notifications write a lesson's time (school clock, never 'Hoy' or 'Mañana')", () => {
  it.each([
    ["the issue's example", "2026-12-01T11:00:00Z", "2026-12-01T13:00:00Z", "mar 1 dic · 12:00–14:00"],
    ["later today, still absolute", "2026-11-27T11:00:00Z", "2026-11-27T12:00:00Z", "vie 27 nov · 12:00–13:00"],
    ["tomorrow, still absolute", "2026-11-28T08:00:00Z", "2026-11-28T09:00:00Z", "sáb 28 nov · 09:00–10:00"],
    ["next year, with its year", "2027-01-04T07:00:00Z", "2027-01-04T08:00:00Z", "lun 4 ene 2027 · 08:00–09:00"],
    ["ending at midnight", "2026-11-29T22:00:00Z", "2026-11-29T23:00:00Z", "dom 29 nov · 23:00–00:00"],
    ["running into the next day", "2026-11-29T21:00:00Z", "2026-11-30T01:00:00Z", "dom 29 nov · 22:00 – lun 30 nov · 02:00"],
    ["after the clocks go forward", "2027-03-29T07:00:00Z", "2027-03-29T08:00:00Z", "lun 29 mar 2027 · 09:00–10:00"],
  ])("%s", (_name, start, end, text) => {
    expect(lessonWhen(start, end, NOW, MADRID)).toBe(text);
  });

  it("reads the day on the school's clock, not UTC's", () => {
    expect(lessonWhen("2026-11-27T23:30:00Z", "2026-11-28T00:30:00Z", NOW, MADRID)).toBe("sáb 28 nov · 00:30–01:30");
    expect(lessonWhen("2026-11-27T21:30:00Z", "2026-11-27T22:30:00Z", NOW, MADRID)).toBe("vie 27 nov · 22:30–23:30");
    expect(lessonWhen("2026-11-27T21:30:00Z", "2026-11-27T22:30:00Z", NOW, "Atlantic/Canary")).toBe("vie 27 nov · 21:30–22:30");
  });

  it("writes an exam's moment, amounts and a message's preview", () => {
    expect(instantWhen("2026-12-02T08:30:00Z", NOW, MADRID)).toBe("mié 2 dic · 09:30");
    expect(amountText("time", 5400)).toBe("1h 30m");
    expect(amountText("money", 3500)).toBe(`35,00\u00a0€`);
    expect(preview("  hola\n\nque   tal ")).toBe("hola que tal");
    const long = preview("palabra ".repeat(30), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith("palabra…")).toBe(true);
  });
});
