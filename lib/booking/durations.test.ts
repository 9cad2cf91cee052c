import { durationOptions, durationOptionsFromConfig, parseIsoDuration, toIsoDuration } from "./durations";

describe("parseIsoDuration", () => {
  it.each([
    ["PT1H", 3600],
    ["PT2H", 7200],
    ["PT30M", 1800],
    ["PT1H30M", 5400],
    ["PT90M", 5400],
    ["PT0H45M", 2700],
  ])("%s is %i seconds", (iso, seconds) => {
    expect(parseIsoDuration(iso)).toBe(seconds);
  });

  it.each(["", "PT", "P1D", "PT30S", "PT1H30M10S", "P1DT1H", "1H", "PT1.5H", "pt1h", "PT-1H", "PTH"])(
    "rejects %p",
    (value) => {
      expect(() => parseIsoDuration(value)).toThrow(new Error("Invalid ISO 8601 duration"));
    },
  );
});

describe("toIsoDuration", () => {
  it("round-trips", () => {
    for (const s of [1800, 3600, 5400, 7200]) expect(parseIsoDuration(toIsoDuration(s))).toBe(s);
  });
});

describe("durationOptions", () => {
  it("runs from min to max in steps of min", () => {
    expect(durationOptions(3600, 7200)).toEqual([3600, 7200]);
    expect(durationOptions(1800, 7200)).toEqual([1800, 3600, 5400, 7200]);
    expect(durationOptions(3600, 3600)).toEqual([3600]);
  });

  it("stops before passing max", () => {
    expect(durationOptions(3600, 9000)).toEqual([3600, 7200]);
  });

  it("is empty when nothing can be derived", () => {
    expect(durationOptions(0, 7200)).toEqual([]);
    expect(durationOptions(7200, 3600)).toEqual([]);
    expect(durationOptions(Number.NaN, 3600)).toEqual([]);
  });

  it("ignores the increments setting and reads the configuration", () => {
    expect(durationOptionsFromConfig("PT1H", "PT2H")).toEqual([3600, 7200]);
    expect(() => durationOptionsFromConfig("P1D", "PT2H")).toThrow("Invalid ISO 8601 duration");
  });
});
