import { count, eq } from "drizzle-orm";
import {
  instructorPracticeListSchema,
  instructorPracticeSchema,
  pendingPracticeListSchema,
  practiceHistorySchema,
  practiceSchema,
  practiceVehicleListSchema,
} from "@/lib/contract/practices";
import { practices } from "@/server/db/schema/practices";
import { vehicles } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { addStudent, assign, createBookingWorld, insertReservation, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";

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
const history = async () =>
  practiceHistorySchema.parse((await ctx.call("/student/practices/history", { host: w.tenant.host, token: w.studentToken })).json);
// The school's wall clock, as the spec's Practice carries it.
const madrid = (iso: string | Date, part: "date" | "time") =>
  part === "date"
    ? new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso))
    : new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Madrid", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
const practiceCount = async () => (await ctx.db.select({ n: count() }).from(practices).where(eq(practices.tenantId, w.tenant.id)))[0].n;

describe("POST /api/instructor/practices", () => {
  it("finishes a started confirmed reservation once; the student sees it in the month map", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(-1, 10), "confirmed");
    const res = await finish(r.id);
    expect(res.status).toBe(201);
    expect(instructorPracticeSchema.parse(res.json)).toMatchObject({
      type: "practice", kmStart: 1000, kmEnd: 1035, kmTotal: 35, studentSignature: PNG, student: { name: "Lucía Martín" },
    });
    expect((await finish(r.id)).json.error).toBe("PRACTICE_ALREADY_RECORDED");
    const map = await history();
    const months = Object.keys(map);
    expect(months).toEqual([madrid(r.startAt, "date").slice(0, 7)]);
    const [id] = Object.keys(map[months[0]!]!);
    expect(id).toBe(res.json.id);
  });

  it("answers the history with the spec's Practice: names, shapes and the month → practice map (spec 000 §3)", async () => {
    const older = await insertReservation(ctx.db, w, localSlot(-40, 9, 2), "confirmed");
    const newer = await insertReservation(ctx.db, w, localSlot(-1, 10), "confirmed");
    await ctx.db.insert(practices).values({
      tenantId: w.tenant.id, reservationId: older.id, studentId: w.student.id, instructorId: w.instructor.id, licenseId: w.license.id,
      startAt: older.startAt, endAt: older.endAt, vehicleId, kmStart: 200, kmEnd: 260, observations: "Bien", studentSignature: PNG, instructorSignature: PNG,
    });
    const finished = await finish(newer.id);
    const res = await ctx.call("/student/practices/history", { host: w.tenant.host, token: w.studentToken });
    expect(res.status).toBe(200);
    const map = practiceHistorySchema.parse(res.json);
    // Newest month first, each a map keyed by practice id.
    expect(Object.keys(map)).toEqual([madrid(newer.startAt, "date").slice(0, 7), madrid(older.startAt, "date").slice(0, 7)]);
    const practice = res.json[Object.keys(map)[0]!][finished.json.id];
    // Exactly the spec's fields: no internal ids or names beside them.
    expect(practice).toEqual({
      id: finished.json.id,
      date: madrid(newer.startAt, "date"),
      startTime: madrid(newer.startAt, "time"),
      endTime: madrid(newer.endAt, "time"),
      duration: 3600,
      instructor: { name: "Carlos Ruiz" },
      license: { name: "B" },
      type: "practice",
      vehicle: { plate: expect.any(String) },
      kmStart: 1000,
      kmEnd: 1035,
      kmTotal: 35,
      observations: "Bien",
      studentSignature: PNG,
      instructorSignature: PNG,
    });
    const old = Object.values(map[Object.keys(map)[1]!]!)[0]!;
    expect(old).toMatchObject({ duration: 7200, startTime: madrid(older.startAt, "time"), kmTotal: 60 });
    expect(practiceSchema.strict().safeParse(old).success).toBe(true);
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
    // A colleague in the same school, who teaches the same student the same licence: still not their lesson.
    const colleague = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"], firstName: "Marta" });
    await assign(ctx.db, w.tenant, w.student, colleague, w.license);
    const byColleague = await finish(r.id, {}, await tokenFor(colleague, w.tenant));
    expect(byColleague.status).toBe(404);
    expect(byColleague.json.error).toBe("NOT_FOUND");
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

// A lesson agreed at the desk, recorded by the instructor (or by whoever's token is given).
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

describe("POST /api/instructor/practices/manual", () => {

  it("records a lesson agreed at the desk for an assigned student; it shows in the month map as manual_practice", async () => {
    const res = await manual(localSlot(-1, 16, 2));
    expect(res.status).toBe(201);
    expect(instructorPracticeSchema.parse(res.json)).toMatchObject({ type: "manual_practice", duration: 7200, kmTotal: 20, student: { name: "Lucía Martín" } });
    const map = await history();
    expect(Object.values(map).flatMap((month) => Object.values(month)).map((p) => p.type)).toEqual(["manual_practice"]);
    const list = await ctx.call(`/instructor/practices?studentId=${w.student.id}`, { host: w.tenant.host, token: w.instructorToken });
    expect(instructorPracticeListSchema.parse(list.json)).toHaveLength(1);
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

describe("one lesson, one practice: manual practices never double a recorded or booked lesson", () => {
  const expectRefused = (res: { status: number; json: any }, error: string, text: RegExp) => {
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error, message: expect.stringMatching(text) });
  };
  async function colleagueOf(student: { id: string }) {
    const colleague = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"], firstName: "Marta" });
    await assign(ctx.db, w.tenant, student, colleague, w.license);
    return tokenFor(colleague, w.tenant);
  }

  it("refuses the same lesson sent twice, and a partly overlapping one; a back-to-back lesson is fine", async () => {
    expect((await manual(localSlot(-1, 10))).status).toBe(201);
    expectRefused(await manual(localSlot(-1, 10)), "PRACTICE_OVERLAP", /^El alumno ya tiene una práctica registrada/);
    expectRefused(await manual({ start: localSlot(-1, 10).start.replace(/:00:00/, ":30:00"), end: localSlot(-1, 11).end }), "PRACTICE_OVERLAP", /horario/);
    expect(await practiceCount()).toBe(1);
    expect((await manual(localSlot(-1, 11))).status).toBe(201);
    expect(await practiceCount()).toBe(2);
  });

  it("refuses a manual practice for a lesson that was finished from its reservation, or still has one to finish", async () => {
    const booked = await insertReservation(ctx.db, w, localSlot(-1, 10), "confirmed");
    const slot = { start: booked.startAt.toISOString(), end: booked.endAt.toISOString() };
    expectRefused(await manual(slot), "RESERVATION_OVERLAP", /^El alumno tiene una reserva pendiente o confirmada .* se finaliza desde su reserva$/);
    expect((await finish(booked.id)).status).toBe(201);
    expectRefused(await manual(slot), "PRACTICE_OVERLAP", /^El alumno ya tiene una práctica registrada/);
    expect(await practiceCount()).toBe(1);
    // A pending request blocks too; a cancelled lesson does not (it was given at the desk after all).
    await insertReservation(ctx.db, w, localSlot(-2, 10), "requested");
    expectRefused(await manual(localSlot(-2, 10)), "RESERVATION_OVERLAP", /reserva pendiente o confirmada/);
    await insertReservation(ctx.db, w, localSlot(-3, 10), "cancelled");
    expect((await manual(localSlot(-3, 10))).status).toBe(201);
    expect(await practiceCount()).toBe(2);
  });

  it("refuses a lesson that overlaps the instructor's practice or booking with another student", async () => {
    const mate = await addStudent(ctx.db, w);
    expect((await manual(localSlot(-1, 10), { studentId: mate.student.id })).status).toBe(201);
    expectRefused(await manual(localSlot(-1, 10)), "PRACTICE_OVERLAP", /^Ya tienes una práctica registrada/);
    await insertReservation(ctx.db, { ...w, student: mate.student }, localSlot(-2, 10), "confirmed");
    expectRefused(await manual(localSlot(-2, 10)), "RESERVATION_OVERLAP", /^Tienes una reserva pendiente o confirmada/);
    expect(await practiceCount()).toBe(1);
  });

  it("refuses a lesson that overlaps the student's practice or booking with another instructor", async () => {
    const colleague = await colleagueOf(w.student);
    expect((await manual(localSlot(-1, 10), {}, colleague)).status).toBe(201);
    expectRefused(await manual(localSlot(-1, 10)), "PRACTICE_OVERLAP", /^El alumno ya tiene una práctica registrada/);
    expect(await practiceCount()).toBe(1);
  });

  it("refuses to finish a reservation whose time already holds a practice of the student (409, nothing written)", async () => {
    const booked = await insertReservation(ctx.db, w, localSlot(-1, 10), "confirmed");
    // A manual practice recorded by hand in the database before the lesson was booked (the API would refuse it now).
    await ctx.db.insert(practices).values({
      tenantId: w.tenant.id, studentId: w.student.id, instructorId: w.instructor.id, licenseId: w.license.id,
      startAt: booked.startAt, endAt: booked.endAt,
    });
    expectRefused(await finish(booked.id), "PRACTICE_OVERLAP", /^El alumno ya tiene una práctica registrada/);
    expect(await practiceCount()).toBe(1);
  });
});

// Real concurrency needs real connections: these run on PostgreSQL only (PGlite has one connection).
const describePg = process.env.DATABASE_URL ? describe : describe.skip;

describePg("concurrent manual practices on PostgreSQL", () => {
  const manual = (studentId: string, slot: { start: string; end: string }) =>
    ctx.call("/instructor/practices/manual", {
      method: "POST",
      host: w.tenant.host,
      token: w.instructorToken,
      body: { studentId, licenseId: w.license.id, startAt: slot.start, endAt: slot.end, vehicleId, kmStart: 500, kmEnd: 520, studentSignature: PNG, instructorSignature: PNG },
    });

  it("runs on PostgreSQL", () => {
    expect(ctx.kind).toBe("postgres");
  });

  it("the same lesson submitted 8 times at once is recorded once; the others get 409 PRACTICE_OVERLAP", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => manual(w.student.id, localSlot(-1, 10))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json.error).toBe("PRACTICE_OVERLAP");
    expect(await practiceCount()).toBe(1);
  });

  it("one instructor, several students, the same hour at once: one lesson recorded, no deadlock", async () => {
    const mates = await Promise.all(Array.from({ length: 5 }, () => addStudent(ctx.db, w)));
    const results = await Promise.all([w.student, ...mates.map((m) => m.student)].map((s) => manual(s.id, localSlot(-2, 16, 2))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await practiceCount()).toBe(1);
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
    expect(instructorPracticeListSchema.parse((await list("2025-02")).json)).toMatchObject([{ date: "2025-02-01", startTime: "00:30", endTime: "01:30" }]);
    expect((await list("2025-01")).json).toHaveLength(0);
    expect(Object.keys(practiceHistorySchema.parse((await ctx.call("/student/practices/history", { host: w.tenant.host, token: w.studentToken })).json))).toEqual(["2025-02"]);
  });
});
