import { linkedAssignment, linkedWeekStart, readBookingLink } from "./booking-link";

const params = (query: string) => new URLSearchParams(query);
const ID = "6f1c2a9e-3b4d-4c5e-8f90-123456789abc";

describe("a link into the booking wizard", () => {
  it("reads the instructor and the day", () => {
    expect(readBookingLink(params(`instructor=${ID}&date=2025-05-14`))).toEqual({ instructorId: ID, date: "2025-05-14" });
  });

  it("keeps the instructor without a valid day, and nothing without a valid instructor", () => {
    expect(readBookingLink(params(`instructor=${ID}&date=14/05/2025`))).toEqual({ instructorId: ID, date: null });
    expect(readBookingLink(params("instructor=carlos&date=2025-05-14"))).toBeNull();
    expect(readBookingLink(params(""))).toBeNull();
  });

  it("picks the first assignment with that instructor", () => {
    const list = [
      { id: "a", instructor: { id: "other" } },
      { id: "b", instructor: { id: ID } },
      { id: "c", instructor: { id: ID } },
    ];
    expect(linkedAssignment(list, { instructorId: ID, date: null })?.id).toBe("b");
    expect(linkedAssignment(list, { instructorId: "6f1c2a9e-3b4d-4c5e-8f90-000000000000", date: null })).toBeNull();
    expect(linkedAssignment(list, null)).toBeNull();
  });

  it("opens the week grid on the Monday of that day", () => {
    // 2025-05-14 is a Wednesday (TZ=UTC in the unit tests).
    expect(linkedWeekStart("2025-05-14").toISOString()).toBe("2025-05-12T00:00:00.000Z");
    expect(linkedWeekStart("2025-05-18").toISOString()).toBe("2025-05-12T00:00:00.000Z");
  });
});
