import type { Practice } from "@/lib/contract/practices";
import { durationSeconds, findPractice, formatKm, monthTitle, practiceDay, recentMonths } from "./practice-format";

describe("practice formatting", () => {
  it("titles a month key in Spanish", () => {
    expect(monthTitle("2025-05")).toBe("Mayo de 2025");
    expect(monthTitle("2024-12")).toBe("Diciembre de 2024");
  });

  it("writes the weekday and the date", () => {
    expect(practiceDay("2025-05-12T08:00:00.000Z")).toBe("Lunes, 12 de mayo de 2025");
  });

  it("measures the lesson and finds a practice in the month map", () => {
    const p = { id: "b", start: "2025-05-12T08:00:00.000Z", end: "2025-05-12T09:30:00.000Z" } as Practice;
    expect(durationSeconds(p)).toBe(5400);
    expect(findPractice({ "2025-05": [{ ...p, id: "a" }, p] }, "b")).toBe(p);
    expect(findPractice({ "2025-05": [p] }, "zz")).toBeNull();
    expect(findPractice(undefined, "b")).toBeNull();
  });

  it("groups odometer figures the Spanish way", () => {
    expect(formatKm(48210)).toBe("48.210");
    expect(formatKm(1035)).toBe("1035");
    expect(formatKm(35)).toBe("35");
  });

  it("lists the recent months newest first across a year change", () => {
    expect(recentMonths(new Date(2025, 1, 15), 3)).toEqual(["2025-02", "2025-01", "2024-12"]);
  });
});
