import { cancellationClosedNote } from "./cancellation-window";

const now = Date.parse("2025-11-28T07:00:00Z");
const lesson = (overrides: Partial<Parameters<typeof cancellationClosedNote>[0]> = {}) => ({
  status: "confirmed" as const,
  start: "2025-11-28T15:00:00Z",
  hasCancellationRequest: false,
  canRequestCancellation: false,
  ...overrides,
});

describe("cancellationClosedNote", () => {
  it("explains a confirmed lesson inside the deadline, with the school's hours", () => {
    expect(cancellationClosedNote(lesson(), now, 24)).toBe("Ya no se puede cancelar: faltan menos de 24 horas para su inicio.");
    expect(cancellationClosedNote(lesson(), now, 1)).toBe("Ya no se puede cancelar: falta menos de 1 hora para su inicio.");
  });

  it("says nothing when it can still be cancelled, is being cancelled, is not confirmed or has begun", () => {
    expect(cancellationClosedNote(lesson({ canRequestCancellation: true }), now, 24)).toBeNull();
    expect(cancellationClosedNote(lesson({ hasCancellationRequest: true }), now, 24)).toBeNull();
    expect(cancellationClosedNote(lesson({ status: "requested" }), now, 24)).toBeNull();
    expect(cancellationClosedNote(lesson({ status: "cancelled" }), now, 24)).toBeNull();
    expect(cancellationClosedNote(lesson({ start: "2025-11-28T07:00:00Z" }), now, 24)).toBeNull();
  });
});
