import { dayRange, matchingAlert, rangeText, weekRange } from "./slot-alert-range";

describe("the range of a freed-slot alert", () => {
  it("is one day on the phone's day picker", () => {
    expect(dayRange("2025-05-14")).toEqual({ from: "2025-05-14", to: "2025-05-14" });
  });

  it("is the week from Monday to Sunday, from today when the week is under way", () => {
    expect(weekRange("2025-05-19", "2025-05-14")).toEqual({ from: "2025-05-19", to: "2025-05-25" });
    expect(weekRange("2025-05-12", "2025-05-14")).toEqual({ from: "2025-05-14", to: "2025-05-18" });
    expect(weekRange("2025-05-12", "2025-05-18")).toEqual({ from: "2025-05-18", to: "2025-05-18" });
    expect(weekRange("2025-05-05", "2025-05-14")).toBeNull();
  });

  it("finds the alert already asked for the same instructor and range", () => {
    const alerts = [
      { id: "a", instructorId: "i1", from: "2025-05-14", to: "2025-05-14" },
      { id: "b", instructorId: "i2", from: "2025-05-14", to: "2025-05-14" },
    ];
    expect(matchingAlert(alerts, "i2", dayRange("2025-05-14"))?.id).toBe("b");
    expect(matchingAlert(alerts, "i1", weekRange("2025-05-12", "2025-05-14")!)).toBeNull();
    expect(matchingAlert(undefined, "i1", dayRange("2025-05-14"))).toBeNull();
  });

  it("is written in Spanish", () => {
    expect(rangeText(dayRange("2025-05-14"))).toBe("mié 14 may");
    expect(rangeText({ from: "2025-05-19", to: "2025-05-25" })).toBe("del lun 19 may al dom 25 may");
  });
});
