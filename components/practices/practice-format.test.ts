import type { InstructorPractice, Practice } from "@/lib/contract/practices";
import {
  findPractice,
  formatKm,
  historyWithoutSignatures,
  listWithoutSignatures,
  monthTitle,
  practiceDate,
  practiceDay,
  practiceShortDate,
  practiceTimeRange,
  recentMonths,
  SIGNATURE_TO_COME,
} from "./practice-format";

describe("practice formatting", () => {
  it("titles a month key in Spanish", () => {
    expect(monthTitle("2025-05")).toBe("Mayo de 2025");
    expect(monthTitle("2024-12")).toBe("Diciembre de 2024");
  });

  it("writes the weekday and the date", () => {
    expect(practiceDay("2025-05-12T08:00:00.000Z")).toBe("Lunes, 12 de mayo de 2025");
    expect(practiceDate("2025-05-12")).toBe("Lunes, 12 de mayo de 2025");
    expect(practiceShortDate("2025-05-01")).toBe("01/05/2025");
    expect(practiceTimeRange({ startTime: "09:00", endTime: "10:30" })).toBe("09:00 - 10:30");
  });

  it("finds a practice in the month map by id, in any month", () => {
    const p = { id: "b", date: "2025-05-12" } as Practice;
    const a = { id: "a", date: "2025-04-02" } as Practice;
    expect(findPractice({ "2025-05": { b: p }, "2025-04": { a } }, "b")).toBe(p);
    expect(findPractice({ "2025-05": { b: p }, "2025-04": { a } }, "a")).toBe(a);
    expect(findPractice({ "2025-05": { b: p } }, "zz")).toBeNull();
    expect(findPractice({ "2025-05": { b: p } }, "toString")).toBeNull();
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

  it("leaves the signature images out of a first view, keeping which practices have none", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    const signed = { id: "a", observations: "Rotondas", studentSignature: png, instructorSignature: png } as Practice;
    const unsigned = { id: "b", observations: null, studentSignature: null, instructorSignature: png } as Practice;
    const history = historyWithoutSignatures({ "2025-05": { a: signed }, "2025-04": { b: unsigned } });
    expect(history["2025-05"]!.a).toEqual({ ...signed, studentSignature: SIGNATURE_TO_COME, instructorSignature: SIGNATURE_TO_COME });
    expect(history["2025-04"]!.b).toEqual({ ...unsigned, studentSignature: null, instructorSignature: SIGNATURE_TO_COME });
    expect(JSON.stringify(history)).not.toContain("data:image");
    const list = listWithoutSignatures([{ ...signed, student: { name: "Lucía" } } as InstructorPractice]);
    expect(list).toEqual([{ ...signed, student: { name: "Lucía" }, studentSignature: SIGNATURE_TO_COME, instructorSignature: SIGNATURE_TO_COME }]);
  });
});

describe("mergeHistory", () => {
  it("joins the loaded pages into one month map, newest month first, a month split across pages joined", async () => {
    const { mergeHistory } = await import("./practice-format");
    const p = (id: string) => ({ id }) as never;
    const merged = mergeHistory([
      { items: { "2025-05": { a: p("a") }, "2025-04": { b: p("b") } }, nextCursor: "2025-04", total: null },
      { items: { "2025-04": { c: p("c") }, "2024-12": { d: p("d") } }, nextCursor: null, total: null },
    ]);
    expect(Object.keys(merged!)).toEqual(["2025-05", "2025-04", "2024-12"]);
    expect(Object.keys(merged!["2025-04"]!)).toEqual(["b", "c"]);
    expect(mergeHistory(undefined)).toBeUndefined();
  });
});
