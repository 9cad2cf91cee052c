import { bookingConflictListSchema } from "@/lib/contract/reservations";
import { examAttendances, examSlots, exams } from "@/server/db/schema/exams";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createCourse, createSection, createSession } from "@/tests/fixtures/cap-factories";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { createBookingWorld, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";

// The booking wizard warns before booking a lesson over the student's own CAP session or exam (issue "Phone first").
jest.setTimeout(60_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
});
afterAll(() => ctx.close());

const conflicts = (start: string, end: string, token = w.studentToken, host = w.tenant.host) =>
  ctx.call(`/student/reservations/conflicts?${new URLSearchParams({ start, end })}`, { host, token });

async function capSession(world: BookingWorld, slot: { start: string; end: string }, name: string, studentIds: string[]) {
  const section = await createSection(ctx.db, world.tenant);
  const course = await createCourse(ctx.db, world.tenant, section, { name });
  return createSession(ctx.db, world.tenant, course, new Date(slot.start), new Date(slot.end), studentIds);
}

async function examAt(world: BookingWorld, start: string, studentId: string, status: "registered" | "backup" | "withdrawn" = "registered") {
  const [exam] = await ctx.db
    .insert(exams)
    .values({ tenantId: world.tenant.id, date: new Date(start), inscriptionsOpening: new Date(Date.now() - 86_400_000), inscriptionsClosing: new Date(start) })
    .returning();
  const [slot] = await ctx.db
    .insert(examSlots)
    .values({ tenantId: world.tenant.id, examId: exam!.id, examType: 3, licenseId: world.license.id, places: 5, visibleLimit: 5, registeredCount: 1 })
    .returning();
  await ctx.db.insert(examAttendances).values({ tenantId: world.tenant.id, slotId: slot!.id, studentId, status });
}

describe("GET /api/student/reservations/conflicts", () => {
  it("lists the student's CAP sessions and registered exams overlapping the range, in time order", async () => {
    await capSession(w, localSlot(3, 9, 4), "CAP continua mercancías", [w.student.id]);
    await examAt(w, localSlot(3, 15).start, w.student.id);
    const res = await conflicts(localSlot(3, 0).start, localSlot(4, 0).start);
    expect(res.status).toBe(200);
    expect(bookingConflictListSchema.parse(res.json)).toEqual([
      { type: "cap-session", title: "Sesión CAP: CAP continua mercancías", ...localSlot(3, 9, 4) },
      // An exam has only a start: it takes the student two hours.
      { type: "exam", title: "Examen Circulación (permiso B)", ...localSlot(3, 15, 2) },
    ]);
  });

  it("counts an exam that began before the range, and leaves out what does not overlap it", async () => {
    await examAt(w, localSlot(5, 9).start, w.student.id);
    await capSession(w, localSlot(5, 12, 2), "Tarde", [w.student.id]);
    // 10:00–11:00 overlaps the exam's 09:00–11:00, not the session at 12:00.
    const res = await conflicts(localSlot(5, 10).start, localSlot(5, 10).end);
    expect(res.json).toEqual([expect.objectContaining({ type: "exam", start: localSlot(5, 9).start })]);
    expect((await conflicts(localSlot(5, 11).start, localSlot(5, 12).start)).json).toEqual([]);
  });

  it("leaves out other students' sessions and exams, reserve places and withdrawn registrations", async () => {
    const mate = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"] });
    await capSession(w, localSlot(3, 9, 4), "Ajena", [mate.id]);
    await examAt(w, localSlot(3, 15).start, mate.id);
    await examAt(w, localSlot(3, 17).start, w.student.id, "backup");
    await examAt(w, localSlot(3, 18).start, w.student.id, "withdrawn");
    expect((await conflicts(localSlot(3, 0).start, localSlot(4, 0).start)).json).toEqual([]);
  });

  it("shows nothing of another school: its student sees only their own, and a token is not valid at another school's host", async () => {
    await capSession(w, localSlot(3, 9, 4), "Nuestra", [w.student.id]);
    const other = await createBookingWorld(ctx.db);
    await examAt(other, localSlot(3, 15).start, other.student.id);
    const theirs = await conflicts(localSlot(3, 0).start, localSlot(4, 0).start, other.studentToken, other.tenant.host);
    expect(theirs.status).toBe(200);
    expect(theirs.json).toEqual([expect.objectContaining({ type: "exam" })]);
    const crossed = await conflicts(localSlot(3, 0).start, localSlot(4, 0).start, w.studentToken, other.tenant.host);
    expect(crossed.status).toBe(401);
    expect(JSON.stringify(crossed.json)).not.toContain("Nuestra");
  });

  it("is for students only, and refuses a bad range", async () => {
    const range = [localSlot(3, 0).start, localSlot(4, 0).start] as const;
    expect((await conflicts(...range, w.instructorToken)).status).toBe(403);
    const admin = await tokenFor(await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), w.tenant);
    expect((await conflicts(...range, admin)).status).toBe(403);
    expect((await conflicts(range[1], range[0])).status).toBe(422);
    expect((await conflicts("mañana", range[1])).status).toBe(422);
    expect((await conflicts(localSlot(0, 0).start, localSlot(400, 0).start)).json).toMatchObject({ error: "VALIDATION_ERROR", message: "El rango de fechas no puede superar un año" });
    expect((await ctx.call("/student/reservations/conflicts", { host: w.tenant.host, token: w.studentToken })).status).toBeGreaterThanOrEqual(400);
  });
});
