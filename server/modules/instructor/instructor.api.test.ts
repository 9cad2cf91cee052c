import {
  instructorCalendarSchema,
  instructorDashboardSchema,
  instructorReservationListSchema,
  instructorReservationSchema,
  instructorStudentListSchema,
} from "@/lib/contract/instructor";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import {
  HOUR,
  addStudent,
  createBookingWorld,
  createLicense,
  assign,
  insertReservation,
  ledgerViolations,
  localSlot,
  type BookingWorld,
} from "@/tests/fixtures/reservation-factories";

jest.setTimeout(60_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(() => ctx.close());

const get = (path: string, token = w.instructorToken, host = w.tenant.host) => ctx.call(path, { host, token });
const act = (id: string, action: string, body?: unknown, token = w.instructorToken, host = w.tenant.host) =>
  ctx.call(`/instructor/reservations/${id}/${action}`, { method: "POST", host, token, body });
const studentSeconds = async () => (await ctx.call("/student/balance", { host: w.tenant.host, token: w.studentToken })).json.timeBalanceSeconds;
const history = async () => (await ctx.call("/student/balance/history", { host: w.tenant.host, token: w.studentToken })).json;

describe("GET /api/instructor/reservations", () => {
  it("lists the instructor's own reservations by scope, with the student", async () => {
    const pending = await insertReservation(ctx.db, w, localSlot(3, 10));
    const confirmed = await insertReservation(ctx.db, w, localSlot(4, 10), "confirmed");
    const asked = await insertReservation(ctx.db, w, localSlot(5, 10), "confirmed", {
      cancellationRequestStatus: "pending",
      cancellationRequestReason: "Estoy enfermo",
      cancellationRequestedAt: new Date(),
    });
    const past = await insertReservation(ctx.db, w, localSlot(-3, 10), "confirmed");
    const cancelled = await insertReservation(ctx.db, w, localSlot(6, 10), "cancelled");
    const other = await createBookingWorld(ctx.db);
    await insertReservation(ctx.db, other, localSlot(3, 10));
    const ids = async (scope: string) => (await get(`/instructor/reservations?scope=${scope}`)).json.map((r: { id: string }) => r.id);
    const all = await get("/instructor/reservations");
    expect(instructorReservationListSchema.parse(all.json).map((r) => r.id)).toEqual([past.id, pending.id, confirmed.id, asked.id, cancelled.id]);
    expect(all.json[1].student).toEqual({ id: w.student.id, name: "Lucía Martín", dni: "12345678Z" });
    expect(all.json[3].cancellationRequest).toEqual({ reason: "Estoy enfermo", requestedAt: expect.any(String) });
    expect(all.json[2].cancellationRequest).toBeNull();
    expect(await ids("pending")).toEqual([pending.id, asked.id]);
    expect(await ids("upcoming")).toEqual([pending.id, confirmed.id, asked.id]);
    expect(await ids("past")).toEqual([past.id]);
    expect((await get("/instructor/reservations?scope=mañana")).status).toBe(422);
  });

  it("is for instructors only", async () => {
    expect((await get("/instructor/reservations", w.studentToken)).status).toBe(403);
    expect((await get("/instructor/dashboard", w.studentToken)).status).toBe(403);
    expect((await get("/instructor/students", w.studentToken)).status).toBe(403);
    expect((await get("/instructor/calendar?start=2025-01-01T00:00:00Z&end=2025-01-02T00:00:00Z", w.studentToken)).status).toBe(403);
  });
});

describe("instructor decisions", () => {
  it("confirms a request", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    const res = await act(r.id, "confirm");
    expect(res.status).toBe(200);
    expect(instructorReservationSchema.parse(res.json)).toMatchObject({ status: "confirmed", canCancel: false, canRequestCancellation: true });
    expect(await studentSeconds()).toBe(9 * HOUR);
    const again = await act(r.id, "confirm");
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: "INVALID_RESERVATION_STATUS", message: "Solo se pueden confirmar reservas pendientes" });
  });

  it("denies a request with a reason and refunds it with 'reserva_denegada'", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10, 2));
    const res = await act(r.id, "deny", { reason: "Coche en el taller" });
    expect(res.json).toMatchObject({ status: "denied", cancellationReason: "Coche en el taller" });
    expect(await studentSeconds()).toBe(10 * HOUR);
    expect((await history())[0]).toMatchObject({ operation: "top-up", description: "reserva_denegada", secondsAmount: 7200 });
    expect((await act(r.id, "deny")).status).toBe(409);
    const s = await ctx.call(`/student/reservations/${r.id}`, { host: w.tenant.host, token: w.studentToken });
    expect(s.json).toMatchObject({ status: "denied", cancellationReason: "Coche en el taller" });
  });

  it("denies without a reason", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    expect((await act(r.id, "deny")).json).toMatchObject({ status: "denied", cancellationReason: null });
  });

  it("annuls a confirmed reservation and refunds it with 'reserva_anulada'", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10), "confirmed");
    expect((await act(r.id, "annul", {})).json).toMatchObject({ status: "anulled" });
    expect(await studentSeconds()).toBe(10 * HOUR);
    expect((await history())[0]).toMatchObject({ description: "reserva_anulada" });
    const requested = await insertReservation(ctx.db, w, localSlot(4, 10));
    expect((await act(requested.id, "annul")).json.error).toBe("INVALID_RESERVATION_STATUS");
  });

  it("accepts a cancellation request: cancelled and refunded with 'reserva_cancelada'", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10), "confirmed");
    await ctx.call(`/student/reservations/${r.id}/request-cancellation`, { method: "POST", host: w.tenant.host, token: w.studentToken, body: { reason: "Viaje" } });
    const res = await act(r.id, "cancellation-request/accept");
    expect(res.json).toMatchObject({ status: "cancelled", hasCancellationRequest: false, cancellationReason: "Viaje", cancellationRequest: null });
    expect(await studentSeconds()).toBe(10 * HOUR);
    expect((await history())[0]).toMatchObject({ description: "reserva_cancelada" });
    expect((await act(r.id, "cancellation-request/accept")).status).toBe(409);
  });

  it("rejects a cancellation request with a required reason; the lesson stays confirmed", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10), "confirmed");
    await ctx.call(`/student/reservations/${r.id}/request-cancellation`, { method: "POST", host: w.tenant.host, token: w.studentToken, body: { reason: "Viaje" } });
    expect((await act(r.id, "cancellation-request/reject", {})).json.error).toBe("MISSING_REQUIRED_FIELDS");
    expect((await act(r.id, "cancellation-request/reject", { reason: " " })).status).toBe(422);
    const res = await act(r.id, "cancellation-request/reject", { reason: "Fuera de plazo" });
    expect(res.json).toMatchObject({ status: "confirmed", hasCancellationRequest: false, cancellationResponse: "Fuera de plazo", cancellationReason: "Viaje" });
    expect(await studentSeconds()).toBe(9 * HOUR);
    const s = await ctx.call(`/student/reservations/${r.id}`, { host: w.tenant.host, token: w.studentToken });
    expect(s.json).toMatchObject({ cancellationResponse: "Fuera de plazo", canRequestCancellation: true });
    // No request pending any more.
    expect((await act(r.id, "cancellation-request/accept")).status).toBe(409);
  });

  it("accepting a request that is not pending is refused", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10), "confirmed");
    expect((await act(r.id, "cancellation-request/accept")).json.error).toBe("INVALID_RESERVATION_STATUS");
  });

  it("refunds once when the student cancels while the instructor denies", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    const [studentCancel, instructorDeny] = await Promise.all([
      ctx.call(`/student/reservations/${r.id}/cancel`, { method: "POST", host: w.tenant.host, token: w.studentToken }),
      act(r.id, "deny"),
    ]);
    expect([studentCancel.status, instructorDeny.status].sort()).toEqual([200, 409]);
    expect(await studentSeconds()).toBe(10 * HOUR);
  });

  it("answers 404 for another instructor's or another school's reservation, and a malformed id", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    const colleague = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    expect((await act(r.id, "confirm", undefined, await tokenFor(colleague, w.tenant))).status).toBe(404);
    const school = await createBookingWorld(ctx.db);
    expect((await act(r.id, "confirm", undefined, school.instructorToken, school.tenant.host)).status).toBe(404);
    expect((await act("abc", "confirm")).status).toBe(404);
    expect((await act(r.id, "confirm", undefined, w.studentToken)).status).toBe(403);
  });
});

describe("GET /api/instructor/dashboard, /students and /calendar", () => {
  it("answers today's lessons and the pending requests", async () => {
    const now = Date.now();
    const today = await insertReservation(ctx.db, w, { start: new Date(now + 60_000).toISOString(), end: new Date(now + 120_000).toISOString() }, "confirmed");
    const requested = await insertReservation(ctx.db, w, localSlot(3, 10));
    const asked = await insertReservation(ctx.db, w, localSlot(4, 10), "confirmed", { cancellationRequestStatus: "pending", cancellationRequestReason: "x", cancellationRequestedAt: new Date() });
    const res = await get("/instructor/dashboard");
    const d = instructorDashboardSchema.parse(res.json);
    expect(d.today.map((r) => r.id)).toEqual([today.id]);
    expect(d.pendingRequests.map((r) => r.id)).toEqual([requested.id]);
    expect(d.pendingCancellationRequests.map((r) => r.id)).toEqual([asked.id]);
  });

  it("lists the assigned students with their licences and balance", async () => {
    const a2 = await createLicense(ctx.db, w.tenant, "a2", "A2");
    await assign(ctx.db, w.tenant, w.student, w.instructor, a2);
    const other = await addStudent(ctx.db, w, 2 * HOUR);
    const res = await get("/instructor/students");
    const list = instructorStudentListSchema.parse(res.json);
    expect(list).toHaveLength(2);
    const lucia = list.find((s) => s.id === w.student.id)!;
    expect(lucia).toMatchObject({ name: "Lucía Martín", dni: "12345678Z", balance: { balanceMode: "time", timeBalanceSeconds: 36000, moneyBalanceCents: null } });
    expect(lucia.licenses.map((l) => l.code).sort()).toEqual(["a2", "b"]);
    expect(list.find((s) => s.id === other.student.id)!.balance.timeBalanceSeconds).toBe(7200);
    const colleague = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    expect((await get("/instructor/students", await tokenFor(colleague, w.tenant))).json).toEqual([]);
  });

  it("answers the instructor's week: availability windows and reservations with the student's name", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10), "requested");
    const denied = await insertReservation(ctx.db, w, localSlot(3, 12), "denied");
    const query = new URLSearchParams({ start: localSlot(3, 0).start, end: localSlot(4, 0).start });
    const res = await get(`/instructor/calendar?${query}`);
    const events = instructorCalendarSchema.parse(res.json);
    expect(events.filter((e) => e.type === "availability")).toEqual([expect.objectContaining({ start: localSlot(3, 8).start, end: localSlot(3, 20).start })]);
    expect(events.find((e) => e.reservationId === r.id)).toMatchObject({ type: "reservation-pending", studentName: "Lucía Martín", title: "Lucía Martín · Permiso B" });
    expect(events.find((e) => e.reservationId === denied.id)).toMatchObject({ type: "reservation-other" });
    expect((await get("/instructor/calendar?start=x")).status).toBe(400);
  });
});
