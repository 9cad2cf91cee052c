import { reservationStatusLabel } from "@/lib/contract/constants/reservations";
import { reservationFlags, toReservation } from "./reservation-view";

const now = new Date("2025-05-10T10:00:00Z");
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
const base = { cancellationRequestStatus: null } as const;

describe("canRequestCancellation around the deadline (24 h)", () => {
  it.each([
    [48, true],
    [24.01, true],
    [24, false], // exactly at the deadline is too late: start - now must be greater
    [23.99, false],
    [1, false],
    [-1, false],
  ])("a confirmed lesson starting in %d h → %p", (h, expected) => {
    expect(reservationFlags({ ...base, status: "confirmed", startAt: hours(h) }, now, 24).canRequestCancellation).toBe(expected);
  });

  it("follows the configured number of hours", () => {
    expect(reservationFlags({ ...base, status: "confirmed", startAt: hours(3) }, now, 2).canRequestCancellation).toBe(true);
    expect(reservationFlags({ ...base, status: "confirmed", startAt: hours(3) }, now, 48).canRequestCancellation).toBe(false);
  });

  it("is false while a request is pending, true again after a rejection", () => {
    expect(reservationFlags({ status: "confirmed", startAt: hours(48), cancellationRequestStatus: "pending" }, now, 24)).toEqual({
      hasCancellationRequest: true,
      canCancel: false,
      canRequestCancellation: false,
      canMove: false,
    });
    expect(
      reservationFlags({ status: "confirmed", startAt: hours(48), cancellationRequestStatus: "rejected" }, now, 24).canRequestCancellation,
    ).toBe(true);
  });

  it.each(["requested", "denied", "anulled", "cancelled"] as const)("is false for %s", (status) => {
    expect(reservationFlags({ ...base, status, startAt: hours(48) }, now, 24).canRequestCancellation).toBe(false);
  });
});

describe("canMove (issue 31 §5): the student moves a lesson inside the cancellation rules", () => {
  it("a request still ahead, or a confirmed lesson before the deadline; never with a pending request", () => {
    expect(reservationFlags({ ...base, status: "requested", startAt: hours(1) }, now, 24).canMove).toBe(true);
    expect(reservationFlags({ ...base, status: "requested", startAt: hours(-1) }, now, 24).canMove).toBe(false);
    expect(reservationFlags({ ...base, status: "confirmed", startAt: hours(25) }, now, 24).canMove).toBe(true);
    expect(reservationFlags({ ...base, status: "confirmed", startAt: hours(23) }, now, 24).canMove).toBe(false);
    expect(reservationFlags({ status: "confirmed", startAt: hours(48), cancellationRequestStatus: "pending" }, now, 24).canMove).toBe(false);
    for (const status of ["denied", "anulled", "cancelled"] as const) {
      expect(reservationFlags({ ...base, status, startAt: hours(48) }, now, 24).canMove).toBe(false);
    }
  });
});

describe("canCancel", () => {
  it("is true only for a request without a pending cancellation request, whatever the deadline", () => {
    expect(reservationFlags({ ...base, status: "requested", startAt: hours(1) }, now, 24).canCancel).toBe(true);
    expect(reservationFlags({ ...base, status: "requested", startAt: hours(48) }, now, 24).canCancel).toBe(true);
    expect(reservationFlags({ status: "requested", startAt: hours(48), cancellationRequestStatus: "pending" }, now, 24).canCancel).toBe(false);
    for (const status of ["confirmed", "denied", "anulled", "cancelled"] as const) {
      expect(reservationFlags({ ...base, status, startAt: hours(48) }, now, 24).canCancel).toBe(false);
    }
  });
});

describe("'Realizada': a confirmed lesson whose end has passed (now frozen)", () => {
  const view = (status: "requested" | "confirmed" | "denied" | "anulled" | "cancelled", endInHours: number) =>
    toReservation(
      {
        reservation: {
          id: "00000000-0000-4000-8000-000000000001",
          startAt: hours(endInHours - 2),
          endAt: hours(endInHours),
          status,
          instructorId: "00000000-0000-4000-8000-000000000002",
          message: null,
          decisionReason: null,
          cancellationRequestStatus: null,
          cancellationRequestReason: null,
          cancellationResponse: null,
        },
        instructor: { firstName: "Carlos", surname1: "Ruiz", surname2: null },
        license: { name: "B", code: "b" },
      },
      now,
      24,
    );

  it.each([
    [1, false], // still ahead
    [0.5, false],
    [1 / 60, false], // under way: ends in a minute
    [0, true], // ends right now
    [-1, true],
  ])("a confirmed lesson ending in %d h is done → %p", (h, expected) => {
    const r = view("confirmed", h);
    expect(r.isDone).toBe(expected);
    expect(reservationStatusLabel(r, now.getTime())).toBe(expected ? "Realizada" : "Confirmada");
  });

  it.each([
    ["requested", "Pendiente"],
    ["denied", "Denegada"],
    ["anulled", "Anulada"],
    ["cancelled", "Cancelada"],
  ] as const)("a %s lesson that has ended keeps its label (%s)", (status, label) => {
    const r = view(status, -3);
    expect(r.isDone).toBe(false);
    expect(reservationStatusLabel(r, now.getTime())).toBe(label);
  });
});
