import { bookingCalendarSchema, instructorAssignmentListSchema } from "@/lib/contract/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser } from "@/tests/fixtures/factories";
import { practices } from "@/server/db/schema/practices";
import { addStudent, assign, createBookingWorld, insertReservation, ledgerViolations, localSlot, openEveryDay, type BookingWorld } from "@/tests/fixtures/reservation-factories";

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


describe("GET /api/student/instructor-assignments", () => {
  it("lists the student's instructor and licence pairs", async () => {
    const res = await ctx.call("/student/instructor-assignments", { host: w.tenant.host, token: w.studentToken });
    expect(res.status).toBe(200);
    expect(instructorAssignmentListSchema.parse(res.json)).toEqual([
      { id: expect.any(String), instructor: { id: w.instructor.id, firstName: "Carlos" }, license: { id: w.license.id, code: "b", name: "B" } },
    ]);
  });

  it("is for students only", async () => {
    expect((await ctx.call("/student/instructor-assignments", { host: w.tenant.host, token: w.instructorToken })).status).toBe(403);
  });
});

describe("GET /api/student/reservations/calendar", () => {
  const day = (days: number) => ({ start: localSlot(days, 0).start, end: localSlot(days + 1, 0).start });
  const calendar = (query: Record<string, string>, token = w.studentToken, host = w.tenant.host) =>
    ctx.call(`/student/reservations/calendar?${new URLSearchParams(query)}`, { host, token });

  it("offers the day's free one-hour slots on the hour", async () => {
    const res = await calendar({ instructor: w.instructor.id, ...day(3) });
    expect(res.status).toBe(200);
    const events = bookingCalendarSchema.parse(res.json);
    const available = events.filter((e) => e.type === "available");
    expect(available).toHaveLength(12); // 08:00 to 19:00
    expect(available[0]).toMatchObject({ ...localSlot(3, 8), allDay: false, url: null, title: "Disponible" });
  });

  it("uses the chosen duration", async () => {
    const res = await calendar({ instructor: w.instructor.id, ...day(3), duration: "7200" });
    const available = res.json.filter((e: { type: string }) => e.type === "available");
    expect(available).toHaveLength(11);
    expect(available.at(-1)).toMatchObject(localSlot(3, 18, 2));
  });

  it("shows other students' lessons as unavailable without names, and the student's own by status", async () => {
    const other = await addStudent(ctx.db, w);
    await insertReservation(ctx.db, { ...w, student: other.student }, localSlot(3, 10), "confirmed");
    const own = await insertReservation(ctx.db, w, localSlot(3, 12), "requested");
    const confirmed = await insertReservation(ctx.db, w, localSlot(3, 16, 2), "confirmed");
    const past = await insertReservation(ctx.db, w, localSlot(-2, 10), "confirmed");
    const unrecorded = await insertReservation(ctx.db, w, localSlot(-1, 10), "confirmed");
    // Only a recorded practice is shown as one (issue 9); a past confirmed lesson without it stays a reservation.
    await ctx.db.insert(practices).values({ tenantId: w.tenant.id, reservationId: past.id, studentId: w.student.id, instructorId: w.instructor.id, licenseId: w.license.id, startAt: new Date(past.startAt), endAt: new Date(past.endAt) });
    const events = (await calendar({ instructor: w.instructor.id, start: localSlot(-3, 0).start, end: localSlot(4, 0).start })).json;
    const byType = (t: string) => events.filter((e: { type: string }) => e.type === t);
    expect(byType("unavailable")).toEqual([expect.objectContaining({ ...localSlot(3, 10), title: "No disponible" })]);
    expect(JSON.stringify(byType("unavailable"))).not.toContain(other.student.id);
    expect(byType("reservation-pending")).toEqual([expect.objectContaining({ id: own.id, ...localSlot(3, 12) })]);
    expect(byType("reservation-confirmed")).toEqual([expect.objectContaining({ id: unrecorded.id }), expect.objectContaining({ id: confirmed.id })]);
    expect(byType("practice")).toEqual([expect.objectContaining({ id: past.id, ...localSlot(-2, 10) })]);
    const day3 = byType("available").filter((e: { start: string }) => e.start >= localSlot(3, 0).start);
    expect(day3.map((e: { start: string }) => e.start)).not.toContain(localSlot(3, 10).start);
    expect(day3.map((e: { start: string }) => e.start)).not.toContain(localSlot(3, 17).start);
    expect(day3).toHaveLength(12 - 4);
    // Nothing bookable in the past.
    expect(byType("available").every((e: { start: string }) => Date.parse(e.start) > Date.now())).toBe(true);
  });

  it("hides slots that clash with the student's lessons with another instructor", async () => {
    const second = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    await assign(ctx.db, w.tenant, w.student, second, w.license);
    await openEveryDay(ctx.db, w.tenant, second);
    await insertReservation(ctx.db, { ...w, instructor: second }, localSlot(3, 9), "requested");
    const events = (await calendar({ instructor: w.instructor.id, ...day(3) })).json;
    expect(events.filter((e: { type: string }) => e.type === "available")).toHaveLength(11);
    expect(events.filter((e: { type: string }) => e.type === "unavailable")).toHaveLength(1);
  });

  it("refuses a duration the school does not offer, a bad range, an instructor not assigned and another school's", async () => {
    expect((await calendar({ instructor: w.instructor.id, ...day(3), duration: "1800" })).json.error).toBe("VALIDATION_ERROR");
    const bad = await calendar({ instructor: w.instructor.id, start: day(3).end, end: day(3).start });
    expect(bad.status).toBe(422);
    expect((await calendar({ instructor: w.instructor.id, start: "mañana", end: day(3).end })).status).toBe(422);
    expect((await calendar({ start: day(3).start, end: day(3).end })).status).toBe(400);
    const stranger = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    expect((await calendar({ instructor: stranger.id, ...day(3) })).status).toBe(404);
    const other = await createBookingWorld(ctx.db);
    expect((await calendar({ instructor: other.instructor.id, ...day(3) })).status).toBe(404);
    expect((await calendar({ instructor: w.instructor.id, ...day(3) }, w.instructorToken)).status).toBe(403);
  });
});

