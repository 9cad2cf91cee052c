import type { BookingConflict } from "@/lib/contract/reservations";
import { selectionConflicts, selectionSpan } from "./conflicts";

const slot = (start: string, end: string) => ({ start, end });
const session: BookingConflict = { type: "cap-session", title: "Sesión CAP: Mercancías", start: "2025-12-01T08:00:00Z", end: "2025-12-01T12:00:00Z" };
const exam: BookingConflict = { type: "exam", title: "Examen Circulación (permiso B)", start: "2025-12-03T07:00:00Z", end: "2025-12-03T09:00:00Z" };

describe("selectionSpan", () => {
  it("spans the first start to the last end, whatever the order", () => {
    const selection = [slot("2025-12-03T10:00:00Z", "2025-12-03T11:00:00Z"), slot("2025-12-01T09:00:00Z", "2025-12-01T10:00:00.000+00:00")];
    expect(selectionSpan(selection)).toEqual({ start: "2025-12-01T09:00:00.000Z", end: "2025-12-03T11:00:00.000Z" });
    expect(selectionSpan([])).toBeNull();
  });
});

describe("selectionConflicts", () => {
  it("keeps the commitments that overlap a selected slot, each with its slots", () => {
    const a = slot("2025-12-01T11:00:00Z", "2025-12-01T12:00:00Z");
    const b = slot("2025-12-01T07:00:00Z", "2025-12-01T09:00:00Z");
    const c = slot("2025-12-03T09:00:00Z", "2025-12-03T10:00:00Z"); // starts as the exam ends: no overlap
    expect(selectionConflicts([exam, session], [a, b, c])).toEqual([{ conflict: session, slots: [a, b] }]);
  });

  it("is empty when nothing overlaps", () => {
    expect(selectionConflicts([session, exam], [slot("2025-12-02T08:00:00Z", "2025-12-02T09:00:00Z")])).toEqual([]);
  });
});
