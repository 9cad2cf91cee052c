import type { InstructorReservation } from "@/lib/contract/instructor";
import { availableDecisions } from "./decisions";

const NOW = Date.UTC(2030, 0, 10, 12);
const base = {
  start: new Date(NOW + 3_600_000).toISOString(),
  end: new Date(NOW + 7_200_000).toISOString(),
  hasCancellationRequest: false,
} as InstructorReservation;

describe("availableDecisions", () => {
  it("offers confirm and deny on a request", () => {
    expect(availableDecisions({ ...base, status: "requested" }, NOW)).toEqual(["confirm", "deny"]);
  });
  it("offers accept or reject on a pending cancellation request", () => {
    expect(availableDecisions({ ...base, status: "confirmed", hasCancellationRequest: true }, NOW)).toEqual([
      "acceptCancellation",
      "rejectCancellation",
    ]);
  });
  it("offers annul on a confirmed reservation that has not ended", () => {
    expect(availableDecisions({ ...base, status: "confirmed" }, NOW)).toEqual(["annul"]);
    expect(availableDecisions({ ...base, status: "confirmed" }, NOW + 3 * 3_600_000)).toEqual([]);
  });
  it("offers nothing on inactive reservations", () => {
    for (const status of ["denied", "anulled", "cancelled"] as const) {
      expect(availableDecisions({ ...base, status }, NOW)).toEqual([]);
    }
  });
});
