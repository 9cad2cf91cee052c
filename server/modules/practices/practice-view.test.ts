import type { Practice } from "@/lib/contract/practices";
import type { PracticeViewRow } from "./practices.repository";
import { groupByMonth, toInstructorPractice, toPractice } from "./practice-view";

const row = (startAt: string, endAt: string, over: Partial<PracticeViewRow["practice"]> = {}): PracticeViewRow => ({
  practice: {
    id: "11111111-1111-4111-8111-111111111111",
    tenantId: "t",
    reservationId: "22222222-2222-4222-8222-222222222222",
    studentId: "s",
    instructorId: "i",
    licenseId: "l",
    vehicleId: "v",
    startAt: new Date(startAt),
    endAt: new Date(endAt),
    kmStart: 48_000,
    kmEnd: 48_042,
    observations: "Rotondas",
    studentSignature: "data:image/png;base64,AAA",
    instructorSignature: "data:image/png;base64,BBB",
    createdAt: new Date(endAt),
    ...over,
  },
  studentName: "Lucía Martín",
  instructorName: "Carlos Ruiz",
  license: "B",
  plate: "1234 KLM",
});

describe("toPractice (spec 000 §3 Practice)", () => {
  it("gives the school-local date and times, the duration in seconds, named objects and kmTotal", () => {
    // 23:30–01:00 in Madrid (UTC+1 in winter): the lesson is dated by its start.
    expect(toPractice(row("2025-01-31T22:30:00Z", "2025-02-01T00:00:00Z"), "Europe/Madrid")).toEqual({
      id: "11111111-1111-4111-8111-111111111111",
      date: "2025-01-31",
      startTime: "23:30",
      endTime: "01:00",
      duration: 5400,
      instructor: { name: "Carlos Ruiz" },
      license: { name: "B" },
      type: "practice",
      vehicle: { plate: "1234 KLM" },
      kmStart: 48_000,
      kmEnd: 48_042,
      kmTotal: 42,
      observations: "Rotondas",
      studentSignature: "data:image/png;base64,AAA",
      instructorSignature: "data:image/png;base64,BBB",
    });
  });

  it("marks a practice without reservation as manual and leaves km out when not recorded", () => {
    const p = toPractice({ ...row("2025-07-01T08:00:00Z", "2025-07-01T09:00:00Z", { reservationId: null, kmStart: null, kmEnd: null }), plate: null }, "Europe/Madrid");
    expect(p).toMatchObject({ type: "manual_practice", startTime: "10:00", endTime: "11:00", vehicle: null, kmTotal: null });
  });

  it("adds the student for the instructor's screens only", () => {
    const r = row("2025-07-01T08:00:00Z", "2025-07-01T09:00:00Z");
    expect(toInstructorPractice(r, "Europe/Madrid").student).toEqual({ name: "Lucía Martín" });
    expect(toPractice(r, "Europe/Madrid")).not.toHaveProperty("student");
  });
});

describe("groupByMonth", () => {
  const at = (id: string, date: string) => ({ id, date }) as Practice;

  it("keys months, then practices by id, keeping the rows' newest-first order", () => {
    const history = groupByMonth([at("c", "2025-04-01"), at("b", "2025-03-31"), at("a", "2025-03-02"), at("z", "2025-02-01")]);
    expect(Object.keys(history)).toEqual(["2025-04", "2025-03", "2025-02"]);
    expect(Object.keys(history["2025-03"]!)).toEqual(["b", "a"]);
    expect(history["2025-03"]!.a).toEqual(at("a", "2025-03-02"));
  });
});
