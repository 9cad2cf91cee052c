import type { InstructorDashboard, InstructorDayLesson, InstructorReservation } from "@/lib/contract/instructor";
import { dayView, tomorrowLine } from "./dashboard-day";

const MADRID = "Europe/Madrid";
// Friday 27 November 2026, 12:00 in Madrid.
const NOW = Date.parse("2026-11-27T11:00:00Z");

let seq = 0;
function reservation(start: string, end: string, extra: Partial<InstructorReservation> = {}): InstructorReservation {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    status: "confirmed",
    instructor: "Carlos Ruiz",
    instructorId: "00000000-0000-4000-8000-999999999999",
    license: "B",
    licenseCode: "b",
    duration: 3600,
    message: null,
    cancellationReason: null,
    cancellationResponse: null,
    hasCancellationRequest: false,
    canCancel: false,
    canRequestCancellation: false,
    canMove: false,
    isDone: false,
    student: { id: "00000000-0000-4000-8000-888888888888", name: "Lucía Martín García", dni: null },
    cancellationRequest: null,
    actedBy: null,
    cancellationActedBy: null,
    ...extra,
  };
}
const lesson = (start: string, end: string, extra: Partial<InstructorReservation> = {}): InstructorDayLesson => ({
  ...reservation(start, end, extra),
  vehicle: null,
});
const answer = (d: Partial<InstructorDashboard>): InstructorDashboard => ({
  today: [],
  tomorrowFirst: null,
  pendingRequests: [],
  pendingCancellationRequests: [],
  ...d,
});

describe("dayView", () => {
  const ended = lesson("2026-11-27T08:00:00Z", "2026-11-27T10:00:00Z"); // 09:00-11:00, ended an hour ago
  const running = lesson("2026-11-27T10:30:00Z", "2026-11-27T11:30:00Z");
  const coming = lesson("2026-11-27T15:00:00Z", "2026-11-27T16:00:00Z", { status: "requested" });

  it("orders today's lessons by start and tells which have ended, which run now and which are to come", () => {
    const view = dayView(answer({ today: [coming, ended, running] }), NOW, MADRID);
    expect(view.today).toBe("2026-11-27");
    expect(view.lessons.map((l) => [l.lesson.id, l.phase])).toEqual([
      [ended.id, "ended"],
      [running.id, "underway"],
      [coming.id, "coming"],
    ]);
  });

  it("ends a lesson exactly at its end; a request whose time has passed never took place", () => {
    const at = (now: number, l = ended) => dayView(answer({ today: [l] }), now, MADRID).lessons[0]!.phase;
    expect(at(Date.parse("2026-11-27T09:59:59.999Z"))).toBe("underway");
    expect(at(Date.parse("2026-11-27T10:00:00Z"))).toBe("ended");
    const lapsed = lesson("2026-11-27T08:00:00Z", "2026-11-27T09:00:00Z", { status: "requested" });
    expect(at(NOW, lapsed)).toBe("coming");
  });

  it("offers a request's confirm and deny, a cancellation request's accept and reject, and never annul", () => {
    const asked = lesson("2026-11-27T17:00:00Z", "2026-11-27T18:00:00Z", { hasCancellationRequest: true });
    const plain = lesson("2026-11-27T18:00:00Z", "2026-11-27T19:00:00Z");
    const view = dayView(answer({ today: [coming, asked, plain, ended] }), NOW, MADRID);
    expect(view.lessons.map((l) => l.decisions)).toEqual([[], ["confirm", "deny"], ["acceptCancellation", "rejectCancellation"], []]);
  });

  it("shows each reservation once: a request of today stays on today's list, not in the pending ones", () => {
    const later = reservation("2026-11-30T08:00:00Z", "2026-11-30T09:00:00Z", { status: "requested" });
    const askedToday = lesson("2026-11-27T17:00:00Z", "2026-11-27T18:00:00Z", { hasCancellationRequest: true });
    const askedLater = reservation("2026-12-01T08:00:00Z", "2026-12-01T09:00:00Z", { hasCancellationRequest: true });
    const view = dayView(
      answer({ today: [coming, askedToday], pendingRequests: [coming, later], pendingCancellationRequests: [askedToday, askedLater] }),
      NOW,
      MADRID,
    );
    expect(view.requests.map((p) => p.reservation.id)).toEqual([later.id]);
    expect(view.requests[0]!.decisions).toEqual(["confirm", "deny"]);
    expect(view.cancellations.map((p) => p.reservation.id)).toEqual([askedLater.id]);
  });

  it("past midnight, drops yesterday's lessons and stops announcing 'tomorrow' for a lesson that is now today", () => {
    const late = lesson("2026-11-27T20:00:00Z", "2026-11-27T21:00:00Z"); // 21:00 on the 27th
    const first = reservation("2026-11-28T07:00:00Z", "2026-11-28T08:00:00Z"); // 08:00 on the 28th
    const data = answer({ today: [late], tomorrowFirst: first });
    expect(dayView(data, Date.parse("2026-11-27T22:59:00Z"), MADRID).tomorrowFirst).toBe(first);
    const after = dayView(data, Date.parse("2026-11-27T23:01:00Z"), MADRID); // 00:01 on the 28th
    expect(after.today).toBe("2026-11-28");
    expect(after.lessons).toEqual([]);
    expect(after.tomorrowFirst).toBeNull();
  });

  it("keeps a lesson that crosses midnight on the day it ends, and is tomorrow's first only if it starts tomorrow", () => {
    const crossing = lesson("2026-11-27T22:30:00Z", "2026-11-27T23:30:00Z"); // 23:30-00:30
    const view = dayView(answer({ today: [crossing] }), Date.parse("2026-11-27T23:10:00Z"), MADRID);
    expect(view.lessons.map((l) => l.phase)).toEqual(["underway"]);
  });

  it("tells the day after the autumn change by the school's clock (a 25-hour Sunday)", () => {
    const sunday = Date.parse("2026-10-25T22:30:00Z"); // 23:30 on Sunday 25 October (UTC+1 again)
    const monday = reservation("2026-10-26T07:00:00Z", "2026-10-26T08:00:00Z");
    const view = dayView(answer({ tomorrowFirst: monday }), sunday, MADRID);
    expect(view.today).toBe("2026-10-25");
    expect(view.tomorrowFirst).toBe(monday);
  });
});

describe("tomorrowLine", () => {
  const time = (iso: string) => new Intl.DateTimeFormat("es-ES", { timeZone: MADRID, hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date(iso));
  it("reads 'Mañana: 08:00 · student · licence', or says there is none", () => {
    const first = reservation("2026-11-28T07:00:00Z", "2026-11-28T08:00:00Z");
    expect(tomorrowLine(first, time)).toBe("Mañana: 08:00 · Lucía Martín García · B");
    expect(tomorrowLine(null, time)).toBe("Mañana no tienes clases");
  });
});
