import { eq } from "drizzle-orm";
import { createReservationResponseSchema, slotsUnavailableBodySchema } from "@/lib/contract/reservations";
import { reservations } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser } from "@/tests/fixtures/factories";
import { HOUR, addStudent, createBookingWorld, createLicense, insertReservation, ledgerViolations, localSlot, openEveryDay, type BookingWorld } from "@/tests/fixtures/reservation-factories";

// PGlite starts in a few seconds, longer on a busy machine.
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

const book = (body: unknown, token = w.studentToken, headers: Record<string, string> = {}) =>
  ctx.call("/student/reservations", { method: "POST", host: w.tenant.host, token, body, headers });
const balanceOf = async (token = w.studentToken) => (await ctx.call("/student/balance", { host: w.tenant.host, token })).json;
const countReservations = async () =>
  (await ctx.db.select().from(reservations).where(eq(reservations.tenantId, w.tenant.id))).length;

describe("POST /api/student/reservations", () => {
  const body = (slots: { start: string; end: string }[], extra: Record<string, unknown> = {}) => ({
    instructorId: w.instructor.id,
    licenseId: w.license.id,
    message: "Primera práctica",
    slots,
    ...extra,
  });

  it("books two slots as requests and debits one movement per reservation", async () => {
    const res = await book(body([localSlot(3, 10), localSlot(4, 16, 2)]));
    expect(res.status).toBe(201);
    const { reservations: list } = createReservationResponseSchema.parse(res.json);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      ...localSlot(3, 10),
      status: "requested",
      instructor: "Carlos Ruiz",
      instructorId: w.instructor.id,
      license: "B",
      licenseCode: "b",
      duration: 3600,
      message: "Primera práctica",
      hasCancellationRequest: false,
      cancellationReason: null,
      canCancel: true,
      canRequestCancellation: false,
    });
    expect(list[1]!.duration).toBe(7200);
    expect(await balanceOf()).toMatchObject({ timeBalanceSeconds: 7 * HOUR });
    const history = (await ctx.call("/student/balance/history", { host: w.tenant.host, token: w.studentToken })).json;
    expect(history.slice(0, 2).map((m: { description: string; operation: string; secondsAmount: number }) => [m.description, m.operation, m.secondsAmount])).toEqual([
      ["reserva_solicitada", "consumption", 7200],
      ["reserva_solicitada", "consumption", 3600],
    ]);
    expect(history[0]).toMatchObject({ secondsAmountBefore: 9 * HOUR, secondsAmountAfter: 7 * HOUR, reservationId: list[1]!.id });
  });

  it("confirms at once in direct mode", async () => {
    const direct = await createBookingWorld(ctx.db, { settings: { reservation_mode: "direct" } });
    const res = await ctx.call("/student/reservations", {
      method: "POST",
      host: direct.tenant.host,
      token: direct.studentToken,
      body: { instructorId: direct.instructor.id, licenseId: direct.license.id, slots: [localSlot(3, 10)] },
    });
    expect(res.status).toBe(201);
    expect(res.json.reservations[0]).toMatchObject({ status: "confirmed", canCancel: false, canRequestCancellation: true, message: null });
  });

  it("charges hourly price x duration in money mode", async () => {
    const money = await createBookingWorld(ctx.db, { balanceSeconds: 0, settings: { balance_mode: "money", hourly_price: "3500" } });
    const { token } = await addStudent(ctx.db, money, 10000, "money");
    const call = (slots: { start: string; end: string }[]) =>
      ctx.call("/student/reservations", {
        method: "POST",
        host: money.tenant.host,
        token,
        body: { instructorId: money.instructor.id, licenseId: money.license.id, slots },
      });
    expect((await call([localSlot(3, 10, 2), localSlot(3, 14)])).json).toMatchObject({ error: "INSUFFICIENT_BALANCE" }); // 10500 > 10000
    expect((await call([localSlot(3, 10, 2)])).status).toBe(201);
    const res = await ctx.call("/student/balance", { host: money.tenant.host, token });
    expect(res.json).toEqual({ balanceMode: "money", timeBalanceSeconds: null, moneyBalanceCents: 3000 });
    const history = (await ctx.call("/student/balance/history", { host: money.tenant.host, token })).json;
    expect(history[0]).toMatchObject({ type: "money", moneyAmount: 7000, moneyAmountBefore: 10000, moneyAmountAfter: 3000, secondsAmount: null });
  });

  it("answers SLOTS_UNAVAILABLE with the taken slots and books nothing", async () => {
    const other = await addStudent(ctx.db, w);
    expect((await book(body([localSlot(3, 10)]), other.token)).status).toBe(201);
    const before = await countReservations();
    const res = await book(body([localSlot(3, 9), localSlot(3, 10), localSlot(3, 11)]));
    expect(res.status).toBe(409);
    expect(slotsUnavailableBodySchema.parse(res.json)).toEqual({
      error: "SLOTS_UNAVAILABLE",
      message: "El horario seleccionado ya no está disponible",
      unavailable_slots: [localSlot(3, 10)],
    });
    expect(await countReservations()).toBe(before);
    expect(await balanceOf()).toMatchObject({ timeBalanceSeconds: 10 * HOUR });
  });

  it.each([
    ["outside the instructor's hours", () => localSlot(3, 21)],
    ["in the past", () => localSlot(-1, 10)],
    ["not on the hour", () => ({ start: new Date(Date.parse(localSlot(3, 10).start) + 1_800_000).toISOString(), end: new Date(Date.parse(localSlot(3, 11).start) + 1_800_000).toISOString() })],
    ["overlapping the end of the window", () => localSlot(3, 19, 2)],
  ])("refuses a slot %s as unavailable", async (_name, slot) => {
    const res = await book(body([slot()]));
    expect(res.status).toBe(409);
    expect(res.json.unavailable_slots).toEqual([slot()]);
  });

  it("refuses a slot that clashes with the student's lesson with another instructor", async () => {
    const second = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    await insertReservation(ctx.db, { ...w, instructor: second }, localSlot(3, 10), "confirmed");
    expect((await book(body([localSlot(3, 10)]))).json.error).toBe("SLOTS_UNAVAILABLE");
  });

  it("refuses INSUFFICIENT_BALANCE and books nothing", async () => {
    const poor = await addStudent(ctx.db, w, 2 * HOUR);
    const res = await book(body([localSlot(3, 10, 2), localSlot(3, 14)]), poor.token);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: "INSUFFICIENT_BALANCE", message: "Saldo insuficiente para completar la reserva" });
    expect(await countReservations()).toBe(0);
    expect(await balanceOf(poor.token)).toMatchObject({ timeBalanceSeconds: 2 * HOUR });
  });

  it("refuses a duration the school does not allow, and overlapping slots, with VALIDATION_ERROR", async () => {
    const half = { start: localSlot(3, 10).start, end: new Date(Date.parse(localSlot(3, 10).start) + 1_800_000).toISOString() };
    expect((await book(body([half]))).json).toMatchObject({ error: "VALIDATION_ERROR", message: "La duración del horario no está permitida" });
    expect((await book(body([localSlot(3, 10, 3)]))).status).toBe(422);
    const overlapping = await book(body([localSlot(3, 10, 2), localSlot(3, 11)]));
    expect(overlapping.json).toMatchObject({ error: "VALIDATION_ERROR", message: "Los horarios seleccionados se solapan" });
  });

  it("answers 404 when the instructor and licence are not the student's assignment", async () => {
    const a2 = await createLicense(ctx.db, w.tenant, "a2", "A2");
    expect((await book(body([localSlot(3, 10)], { licenseId: a2.id }))).status).toBe(404);
    const stranger = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    await openEveryDay(ctx.db, w.tenant, stranger);
    expect((await book(body([localSlot(3, 10)], { instructorId: stranger.id }))).json).toMatchObject({ error: "NOT_FOUND" });
    const other = await createBookingWorld(ctx.db);
    expect((await book(body([localSlot(3, 10)], { instructorId: other.instructor.id, licenseId: other.license.id }))).status).toBe(404);
    expect(await countReservations()).toBe(0);
  });

  it("validates the body", async () => {
    expect((await book({ instructorId: w.instructor.id, licenseId: w.license.id })).json.error).toBe("MISSING_REQUIRED_FIELDS");
    expect((await book(body([])))).toMatchObject({ status: 422, json: { error: "VALIDATION_ERROR", message: "Debes seleccionar al menos un horario" } });
    expect((await book(body(Array.from({ length: 21 }, (_, i) => localSlot(3 + i, 10)))))).toMatchObject({ status: 422 });
    expect((await book(body([localSlot(3, 10)], { message: "x".repeat(501) }))).json.message).toBe("El mensaje no puede superar 500 caracteres");
    expect((await book(body([{ start: "ayer", end: "hoy" }]))).status).toBe(422);
    expect((await book(body([localSlot(3, 10)], { instructorId: "nope" }))).status).toBe(422);
    const raw = await ctx.call("/student/reservations", { method: "POST", host: w.tenant.host, token: w.studentToken, rawBody: "{" });
    expect(raw.json.error).toBe("INVALID_JSON");
  });

  it("is for students only", async () => {
    expect((await book(body([localSlot(3, 10)]), w.instructorToken)).status).toBe(403);
    expect((await ctx.call("/student/reservations", { method: "POST", host: w.tenant.host, body: body([localSlot(3, 10)]) })).status).toBe(401);
  });

  it("answers a retry with the same Idempotency-Key with the first answer, booking once", async () => {
    const headers = { "Idempotency-Key": "reserva-123" };
    const first = await book(body([localSlot(3, 10)]), w.studentToken, headers);
    const second = await book(body([localSlot(3, 10)]), w.studentToken, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await countReservations()).toBe(1);
    expect(await balanceOf()).toMatchObject({ timeBalanceSeconds: 9 * HOUR });
    const reused = await book(body([localSlot(3, 12)]), w.studentToken, headers);
    expect(reused.json.error).toBe("IDEMPOTENCY_KEY_REUSED");
    // Keys belong to one user: another student's same key books normally.
    const other = await addStudent(ctx.db, w);
    expect((await book(body([localSlot(3, 14)]), other.token, headers)).json.reservations).toHaveLength(1);
  });

  it("does not keep the key of a refused booking, so a retry is evaluated again", async () => {
    const headers = { "Idempotency-Key": "k-1" };
    const poor = await addStudent(ctx.db, w, HOUR);
    expect((await book(body([localSlot(3, 10, 2)]), poor.token, headers)).status).toBe(422);
    expect((await book(body([localSlot(3, 10, 2)]), poor.token, headers)).status).toBe(422);
  });
});

describe("the database itself refuses double booking", () => {
  it("rejects an overlapping active reservation of the same instructor or student (23P01), not inactive ones", async () => {
    const other = await addStudent(ctx.db, w);
    await insertReservation(ctx.db, w, localSlot(3, 10, 2), "requested");
    await expect(insertReservation(ctx.db, { ...w, student: other.student }, localSlot(3, 11), "requested")).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "23P01" }),
    });
    const second = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    await expect(insertReservation(ctx.db, { ...w, instructor: second }, localSlot(3, 11), "confirmed")).rejects.toBeDefined();
    // Touching is fine, and cancelled or denied ones never block.
    await insertReservation(ctx.db, { ...w, student: other.student }, localSlot(3, 12), "requested");
    await insertReservation(ctx.db, { ...w, student: other.student }, localSlot(3, 10), "cancelled");
  });

  it("keeps a balance from going negative (CHECK)", async () => {
    await expect(
      ctx.db.execute(`update balances set seconds = -1 where student_id = '${w.student.id}'` as never),
    ).rejects.toBeDefined();
  });
});
