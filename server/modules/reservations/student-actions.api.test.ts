import { reservationListSchema, reservationSchema } from "@/lib/contract/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser } from "@/tests/fixtures/factories";
import {
  HOUR,
  addStudent,
  createBookingWorld,
  insertReservation,
  ledgerViolations,
  localSlot,
  setSettings,
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

const get = (path: string, token = w.studentToken, host = w.tenant.host) => ctx.call(path, { host, token });
const post = (path: string, body?: unknown, token = w.studentToken, host = w.tenant.host) =>
  ctx.call(path, { method: "POST", host, token, body });
const seconds = async () => (await get("/student/balance")).json.timeBalanceSeconds;
const inHours = (h: number, length = 1) => {
  const start = Date.now() + h * HOUR * 1000;
  return { start: new Date(start).toISOString(), end: new Date(start + length * HOUR * 1000).toISOString() };
};

describe("GET /api/student/reservations and /{id}", () => {
  it("lists only the student's reservations, start ascending, with the spec's fields", async () => {
    const other = await addStudent(ctx.db, w);
    const later = await insertReservation(ctx.db, w, localSlot(5, 10), "confirmed");
    const past = await insertReservation(ctx.db, w, localSlot(-5, 10), "confirmed");
    const denied = await insertReservation(ctx.db, w, localSlot(2, 10), "denied", { decisionReason: "Vehículo en el taller" });
    await insertReservation(ctx.db, { ...w, student: other.student }, localSlot(5, 12), "requested");
    const res = await get("/student/reservations");
    expect(res.status).toBe(200);
    const list = reservationListSchema.parse(res.json);
    expect(list.map((r) => r.id)).toEqual([past.id, denied.id, later.id]);
    expect(list[1]).toMatchObject({ status: "denied", cancellationReason: "Vehículo en el taller", canCancel: false, canRequestCancellation: false });
    expect(list[2]).toMatchObject({ status: "confirmed", canRequestCancellation: true, canCancel: false, hasCancellationRequest: false });
  });

  it("answers one reservation, and 404 for another student's, another school's or a malformed id", async () => {
    const own = await insertReservation(ctx.db, w, localSlot(5, 10));
    const res = await get(`/student/reservations/${own.id}`);
    expect(reservationSchema.parse(res.json)).toMatchObject({ id: own.id, ...localSlot(5, 10), canCancel: true });
    const other = await addStudent(ctx.db, w);
    expect((await get(`/student/reservations/${own.id}`, other.token)).status).toBe(404);
    const school = await createBookingWorld(ctx.db);
    expect((await get(`/student/reservations/${own.id}`, school.studentToken, school.tenant.host)).json).toMatchObject({ error: "NOT_FOUND", message: "Reserva no encontrada" });
    expect((await get("/student/reservations/123")).status).toBe(404);
  });

  it("is for students only", async () => {
    expect((await get("/student/reservations", w.instructorToken)).status).toBe(403);
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const { tokenFor } = await import("@/tests/fixtures/factories");
    expect((await get("/student/reservations", await tokenFor(admin, w.tenant))).status).toBe(403);
  });
});

describe("POST /api/student/reservations/{id}/cancel", () => {
  it("cancels a request and refunds it with 'reserva_cancelada'", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(5, 10, 2));
    expect(await seconds()).toBe(8 * HOUR);
    const res = await post(`/student/reservations/${r.id}/cancel`);
    expect(res.status).toBe(200);
    expect(reservationSchema.parse(res.json)).toMatchObject({ status: "cancelled", canCancel: false });
    expect(await seconds()).toBe(10 * HOUR);
    const [latest] = (await get("/student/balance/history")).json;
    expect(latest).toMatchObject({ operation: "top-up", description: "reserva_cancelada", secondsAmount: 7200, reservationId: r.id });
  });

  it("refuses a second cancel and anything but a request, without refunding again", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(5, 10));
    await post(`/student/reservations/${r.id}/cancel`);
    const again = await post(`/student/reservations/${r.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("RESERVATION_NOT_CANCELLABLE");
    const confirmed = await insertReservation(ctx.db, w, localSlot(6, 10), "confirmed");
    expect((await post(`/student/reservations/${confirmed.id}/cancel`)).status).toBe(409);
    expect(await seconds()).toBe(9 * HOUR);
  });

  it("refunds once when the same cancel arrives twice at the same time", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(5, 10));
    const results = await Promise.all([post(`/student/reservations/${r.id}/cancel`), post(`/student/reservations/${r.id}/cancel`)]);
    expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(await seconds()).toBe(10 * HOUR);
  });

  it("answers 404 for another student's or another school's reservation, 403 for an instructor", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(5, 10));
    const other = await addStudent(ctx.db, w);
    expect((await post(`/student/reservations/${r.id}/cancel`, undefined, other.token)).status).toBe(404);
    const school = await createBookingWorld(ctx.db);
    expect((await post(`/student/reservations/${r.id}/cancel`, undefined, school.studentToken, school.tenant.host)).status).toBe(404);
    expect((await post(`/student/reservations/${r.id}/cancel`, undefined, w.instructorToken)).status).toBe(403);
    expect((await get(`/student/reservations/${r.id}`)).json.status).toBe("requested");
  });
});

describe("POST /api/student/reservations/{id}/request-cancellation", () => {
  const ask = (id: string, body: unknown = { reason: "Tengo un examen" }, token = w.studentToken) =>
    post(`/student/reservations/${id}/request-cancellation`, body, token);

  it("records a pending request with the reason", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(5, 10), "confirmed");
    const res = await ask(r.id, { reason: "  Tengo un examen  " });
    expect(res.status).toBe(200);
    expect(reservationSchema.parse(res.json)).toMatchObject({
      status: "confirmed",
      hasCancellationRequest: true,
      cancellationReason: "Tengo un examen",
      canRequestCancellation: false,
      canCancel: false,
    });
    expect(await seconds()).toBe(9 * HOUR); // nothing refunded until the school accepts
    expect((await ask(r.id)).json.error).toBe("RESERVATION_NOT_CANCELLABLE"); // already pending
  });

  it("is allowed only before the deadline", async () => {
    const early = await insertReservation(ctx.db, w, inHours(24.1), "confirmed");
    const late = await insertReservation(ctx.db, w, inHours(22.95), "confirmed");
    expect((await get(`/student/reservations/${early.id}`)).json.canRequestCancellation).toBe(true);
    expect((await get(`/student/reservations/${late.id}`)).json.canRequestCancellation).toBe(false);
    expect((await ask(early.id)).status).toBe(200);
    const refused = await ask(late.id);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      error: "RESERVATION_NOT_CANCELLABLE",
      message: "Solo se puede solicitar la cancelación de una reserva confirmada hasta 24 horas antes de su inicio",
    });
  });

  it("says a one-hour deadline in the singular", async () => {
    await setSettings(ctx.db, w.tenant, { reservation_cancel_deadline_hours: "1" });
    const late = await insertReservation(ctx.db, w, inHours(0.5), "confirmed");
    expect((await ask(late.id)).json.message).toBe("Solo se puede solicitar la cancelación de una reserva confirmada hasta 1 hora antes de su inicio");
  });

  it("is refused for a request (cancel it instead) and for inactive reservations", async () => {
    const requested = await insertReservation(ctx.db, w, localSlot(5, 10));
    const cancelled = await insertReservation(ctx.db, w, localSlot(5, 12), "cancelled");
    expect((await ask(requested.id)).status).toBe(409);
    expect((await ask(cancelled.id)).status).toBe(409);
  });

  it("needs a reason", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(5, 10), "confirmed");
    expect((await ask(r.id, {})).json.error).toBe("MISSING_REQUIRED_FIELDS");
    expect((await ask(r.id, { reason: "   " })).json).toMatchObject({ error: "VALIDATION_ERROR", message: "El motivo es obligatorio" });
    expect((await ask(r.id, { reason: "x".repeat(1001) })).status).toBe(422);
  });

  it("answers 404 for another student's or another school's reservation", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(5, 10), "confirmed");
    const other = await addStudent(ctx.db, w);
    expect((await ask(r.id, undefined, other.token)).status).toBe(404);
    const school = await createBookingWorld(ctx.db);
    expect((await post(`/student/reservations/${r.id}/request-cancellation`, { reason: "x" }, school.studentToken, school.tenant.host)).status).toBe(404);
  });
});
