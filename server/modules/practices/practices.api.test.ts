import { count, eq } from "drizzle-orm";
import { pendingPracticeListSchema, practiceHistorySchema, practiceSchema, practiceVehicleListSchema } from "@/lib/contract/practices";
import { practices } from "@/server/db/schema/practices";
import { vehicles } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { addStudent, createBookingWorld, insertReservation, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(60_000);

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

let ctx: ApiContext;
let w: BookingWorld;
let vehicleId: string;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
  const [v] = await ctx.db.insert(vehicles).values({ tenantId: w.tenant.id, plate: `${Math.random()}`.slice(2, 9), licenseId: w.license.id }).returning();
  vehicleId = v.id;
});
afterAll(() => ctx.close());

const finish = (reservationId: string, extra: Record<string, unknown> = {}, token = w.instructorToken, host = w.tenant.host) =>
  ctx.call("/instructor/practices", {
    method: "POST",
    host,
    token,
    body: { reservationId, vehicleId, kmStart: 1000, kmEnd: 1035, observations: "Bien", studentSignature: PNG, instructorSignature: PNG, ...extra },
  });
const practiceCount = async () => (await ctx.db.select({ n: count() }).from(practices).where(eq(practices.tenantId, w.tenant.id)))[0].n;

describe("POST /api/instructor/practices", () => {
  it("finishes a started confirmed reservation once; the student sees it in the month map", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(-1, 10), "confirmed");
    const res = await finish(r.id);
    expect(res.status).toBe(201);
    expect(practiceSchema.parse(res.json)).toMatchObject({ type: "practice", kmStart: 1000, kmEnd: 1035, kmTraveled: 35, studentSignature: PNG });
    expect((await finish(r.id)).json.error).toBe("PRACTICE_ALREADY_RECORDED");
    const history = practiceHistorySchema.parse((await ctx.call("/student/practices/history", { host: w.tenant.host, token: w.studentToken })).json);
    const months = Object.keys(history);
    expect(months).toHaveLength(1);
    expect(history[months[0]][0]).toMatchObject({ reservationId: r.id, vehicle: { id: vehicleId } });
  });

  it("refuses future, cancelled, denied and requested reservations", async () => {
    for (const [slot, status] of [[localSlot(2, 10), "confirmed"], [localSlot(-2, 10), "cancelled"], [localSlot(-3, 10), "denied"], [localSlot(-4, 10), "requested"]] as const) {
      const r = await insertReservation(ctx.db, w, slot, status);
      expect((await finish(r.id)).status).toBe(409);
    }
    expect(await practiceCount()).toBe(0);
  });

  it("answers 404 for another instructor's or another school's reservation, 403 for a student", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(-1, 10), "confirmed");
    const other = await createBookingWorld(ctx.db);
    expect((await finish(r.id, {}, other.instructorToken, other.tenant.host)).status).toBe(404);
    expect((await finish(r.id, {}, w.studentToken)).status).toBe(403);
    const mate = await addStudent(ctx.db, w);
    expect((await finish(r.id, {}, mate.token)).status).toBe(403);
    expect(await practiceCount()).toBe(0);
  });

  it.each([
    [{ kmEnd: 999 }, 422],
    [{ kmStart: 1.5 }, 422],
    [{ kmEnd: 2_000_001 }, 422],
    [{ kmEnd: 5000 }, 422],
    [{ studentSignature: "data:image/jpeg;base64,/9j/4AAQ" }, 422],
    [{ instructorSignature: undefined }, 400],
    [{ vehicleId: "00000000-0000-4000-8000-000000000000" }, 404],
  ])("refuses bad input %j with nothing written", async (extra, status) => {
    const r = await insertReservation(ctx.db, w, localSlot(-1, 10), "confirmed");
    expect((await finish(r.id, extra)).status).toBe(status);
    expect(await practiceCount()).toBe(0);
  });
});

describe("the finishing window (30 days) and the instructor's to-do list", () => {
  const daysAgo = (days: number) => localSlot(-days, 10);

  it("GET /api/instructor/practices/pending lists the started, unfinished confirmed lessons of the window only", async () => {
    const started = await insertReservation(ctx.db, w, daysAgo(1), "confirmed");
    const recent = await insertReservation(ctx.db, w, daysAgo(29), "confirmed");
    await insertReservation(ctx.db, w, daysAgo(31), "confirmed");
    await insertReservation(ctx.db, w, localSlot(2, 10), "confirmed");
    await insertReservation(ctx.db, w, daysAgo(3), "cancelled");
    const finished = await insertReservation(ctx.db, w, daysAgo(4), "confirmed");
    expect((await finish(finished.id)).status).toBe(201);
    const other = await createBookingWorld(ctx.db);
    await insertReservation(ctx.db, other, daysAgo(1), "confirmed");

    const res = await ctx.call("/instructor/practices/pending", { host: w.tenant.host, token: w.instructorToken });
    expect(res.status).toBe(200);
    const list = pendingPracticeListSchema.parse(res.json);
    expect(list.map((p) => p.reservationId)).toEqual([started.id, recent.id]);
    expect(list[0]).toMatchObject({ studentId: w.student.id, studentName: "Lucía Martín", license: "B", licenseId: w.license.id });
    expect((await ctx.call("/instructor/practices/pending", { host: w.tenant.host, token: w.studentToken })).status).toBe(403);
  });

  it("refuses to finish a lesson that started more than 30 days ago (409)", async () => {
    const old = await insertReservation(ctx.db, w, daysAgo(31), "confirmed");
    const res = await finish(old.id);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("FINISH_WINDOW_CLOSED");
    expect(await practiceCount()).toBe(0);
  });

  it("GET /api/instructor/vehicles lists the school's active fleet only", async () => {
    await ctx.db.insert(vehicles).values({ tenantId: w.tenant.id, plate: "0000 OFF", licenseId: w.license.id, isActive: false });
    const res = await ctx.call("/instructor/vehicles", { host: w.tenant.host, token: w.instructorToken });
    const fleet = practiceVehicleListSchema.parse(res.json);
    expect(fleet).toEqual([expect.objectContaining({ id: vehicleId, licenseId: w.license.id, license: "B" })]);
    expect((await ctx.call("/instructor/vehicles", { host: w.tenant.host, token: w.studentToken })).status).toBe(403);
  });
});

describe("POST /api/instructor/practices/manual", () => {
  const manual = (slot: { start: string; end: string }, extra: Record<string, unknown> = {}, token = w.instructorToken) =>
    ctx.call("/instructor/practices/manual", {
      method: "POST",
      host: w.tenant.host,
      token,
      body: {
        studentId: w.student.id, licenseId: w.license.id, startAt: slot.start, endAt: slot.end, vehicleId,
        kmStart: 500, kmEnd: 520, studentSignature: PNG, instructorSignature: PNG, ...extra,
      },
    });

  it("records a lesson agreed at the desk for an assigned student; it shows in the month map as manual_practice", async () => {
    const res = await manual(localSlot(-1, 16, 2));
    expect(res.status).toBe(201);
    expect(practiceSchema.parse(res.json)).toMatchObject({ type: "manual_practice", reservationId: null, kmTraveled: 20, studentName: "Lucía Martín" });
    const history = practiceHistorySchema.parse((await ctx.call("/student/practices/history", { host: w.tenant.host, token: w.studentToken })).json);
    expect(Object.values(history).flat().map((p) => p.type)).toEqual(["manual_practice"]);
    const list = await ctx.call(`/instructor/practices?studentId=${w.student.id}`, { host: w.tenant.host, token: w.instructorToken });
    expect(list.json).toHaveLength(1);
  });

  it.each([
    ["a future lesson", localSlot(1, 10), {}, 422],
    ["a lesson older than 30 days", localSlot(-31, 10), {}, 422],
    ["a lesson longer than 12 hours", { start: localSlot(-2, 6).start, end: localSlot(-1, 8).start }, {}, 422],
    ["a student not assigned to the instructor", localSlot(-1, 10), { studentId: "00000000-0000-4000-8000-000000000000" }, 404],
  ])("refuses %s with nothing written", async (_what, slot, extra, status) => {
    expect((await manual(slot, extra)).status).toBe(status);
    expect(await practiceCount()).toBe(0);
  });

  it("is the instructor's: a student gets 403", async () => {
    expect((await manual(localSlot(-1, 10), {}, w.studentToken)).status).toBe(403);
    expect(await practiceCount()).toBe(0);
  });
});

describe("GET /api/instructor/practices filters", () => {
  it("filters by school-local month and refuses a malformed one", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(-1, 10), "confirmed");
    await finish(r.id);
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit" }).format(new Date(r.startAt)).slice(0, 7);
    const list = (q: string) => ctx.call(`/instructor/practices?${q}`, { host: w.tenant.host, token: w.instructorToken });
    expect((await list(`month=${month}`)).json).toHaveLength(1);
    expect((await list("month=2001-01")).json).toHaveLength(0);
    expect((await list("month=2001-13")).status).toBe(422);
  });

  it("puts a lesson at 00:30 of the 1st in Madrid in that month, not the one before by UTC", async () => {
    // 2025-01-31T23:30Z is 00:30 on 1 February in Madrid (UTC+1 in winter).
    await ctx.db.insert(practices).values({
      tenantId: w.tenant.id, studentId: w.student.id, instructorId: w.instructor.id, licenseId: w.license.id,
      startAt: new Date("2025-01-31T23:30:00Z"), endAt: new Date("2025-02-01T00:30:00Z"),
    });
    const list = (month: string) => ctx.call(`/instructor/practices?month=${month}`, { host: w.tenant.host, token: w.instructorToken });
    expect(practiceSchema.array().parse((await list("2025-02")).json)).toHaveLength(1);
    expect((await list("2025-01")).json).toHaveLength(0);
    expect(Object.keys(practiceHistorySchema.parse((await ctx.call("/student/practices/history", { host: w.tenant.host, token: w.studentToken })).json))).toEqual(["2025-02"]);
  });
});
