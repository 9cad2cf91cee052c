import { actedByLines } from "./acted-by";

const base = { student: { id: "s", name: "Lucía Martín", dni: null }, hasCancellationRequest: false };

describe("actedByLines", () => {
  it("says nothing when the student acted", () => {
    expect(actedByLines({ ...base, status: "requested", actedBy: null, cancellationActedBy: null })).toEqual([]);
  });
  it("names the school's booking and cancellation", () => {
    expect(actedByLines({ ...base, status: "cancelled", actedBy: "Ana Gómez", cancellationActedBy: "Ana Gómez" })).toEqual([
      "Reservada por la autoescuela (Ana Gómez) en nombre de Lucía Martín",
      "Cancelada por la autoescuela (Ana Gómez) en nombre de Lucía Martín",
    ]);
  });
  it("names a cancellation request", () => {
    expect(actedByLines({ ...base, status: "confirmed", hasCancellationRequest: true, actedBy: null, cancellationActedBy: "Ana Gómez" })).toEqual([
      "Cancelación solicitada por la autoescuela (Ana Gómez) en nombre de Lucía Martín",
    ]);
  });
});
