import { studentCalendarSchema } from "@/lib/contract/calendar";
import { capCourses, capEnrollments, capSessions, sections } from "@/server/db/schema/cap";
import { practices, schoolEvents } from "@/server/db/schema/practices";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createBookingWorld, insertReservation, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";

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

const calendar = (start: string, end: string, token = w.studentToken) =>
  ctx.call(`/student/calendar?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`, { host: w.tenant.host, token });

describe("GET /api/student/calendar", () => {
  it("returns reservations of every status, practices once, manual practices and online events, inside the range only", async () => {
    const practiced = await insertReservation(ctx.db, w, localSlot(-2, 10), "confirmed");
    const denied = await insertReservation(ctx.db, w, localSlot(-3, 10), "denied");
    const annulled = await insertReservation(ctx.db, w, localSlot(1, 10), "anulled");
    const outside = await insertReservation(ctx.db, w, localSlot(20, 10), "requested");
    const base = { tenantId: w.tenant.id, studentId: w.student.id, instructorId: w.instructor.id, licenseId: w.license.id };
    await ctx.db.insert(practices).values({ ...base, reservationId: practiced.id, startAt: practiced.startAt, endAt: practiced.endAt });
    const manual = localSlot(-1, 12);
    await ctx.db.insert(practices).values({ ...base, startAt: new Date(manual.start), endAt: new Date(manual.end) });
    const ev = localSlot(2, 18);
    await ctx.db.insert(schoolEvents).values({ tenantId: w.tenant.id, title: "Charla DGT", startAt: new Date(ev.start), endAt: new Date(ev.end), url: "https://example.org/s" });

    const res = await calendar(localSlot(-5, 0).start, localSlot(5, 0).start);
    expect(res.status).toBe(200);
    const events = studentCalendarSchema.parse(res.json);
    expect(events.map((e) => e.type)).toEqual(["reservation", "practice", "manual_practice", "reservation", "session"]);
    // Spec §2 colours: denied red, practice green, manual practice darker green, annulled grey, session blue.
    expect(events[0]).toMatchObject({ title: "Reserva (Denegada)", color: "#dc2626", data: { status: "denied", reservationId: denied.id } });
    expect(events[1]).toMatchObject({ title: "Práctica", color: "#16a34a", data: { reservationId: practiced.id } });
    expect(events[2]).toMatchObject({ title: "Práctica manual", color: "#166534", data: { reservationId: null } });
    expect(events[3]).toMatchObject({ color: "#9ca3af", data: { status: "annulled", reservationId: annulled.id } });
    expect(events[4]).toMatchObject({ title: "Charla DGT", url: "https://example.org/s", color: "#2563eb" });
    expect(JSON.stringify(events)).not.toContain(outside.id);
    // An event ending exactly at the range start is outside it.
    const edge = await calendar(localSlot(-2, 10).end, localSlot(-1, 0).start);
    expect(studentCalendarSchema.parse(edge.json).map((e) => e.data.reservationId)).not.toContain(practiced.id);
  });

  it("paints pending reservations amber and confirmed ones teal (spec §2)", async () => {
    const requested = await insertReservation(ctx.db, w, localSlot(1, 10), "requested");
    const confirmed = await insertReservation(ctx.db, w, localSlot(2, 10), "confirmed");
    const events = studentCalendarSchema.parse((await calendar(localSlot(0, 0).start, localSlot(3, 0).start)).json);
    expect(events).toEqual([
      expect.objectContaining({ title: "Reserva (Pendiente)", color: "#f59e0b", data: { status: "requested", reservationId: requested.id, practiceId: null } }),
      expect.objectContaining({ title: "Reserva (Confirmada)", color: "#0891b2", data: { status: "confirmed", reservationId: confirmed.id, practiceId: null } }),
    ]);
  });

  it("refuses a missing, reversed or over-long range (4xx) and the wrong role", async () => {
    expect((await ctx.call("/student/calendar", { host: w.tenant.host, token: w.studentToken })).status).toBe(400);
    expect((await calendar(localSlot(2, 0).start, localSlot(1, 0).start)).status).toBe(422);
    expect((await calendar(localSlot(0, 0).start, localSlot(63, 0).start)).status).toBe(422);
    expect((await calendar("ayer", localSlot(1, 0).start)).status).toBe(422);
    expect((await calendar(localSlot(0, 0).start, localSlot(1, 0).start, w.instructorToken)).status).toBe(403);
  });
});

describe("GET /api/student/calendar: CAP sessions", () => {
  it("shows the sessions of the student's CAP courses only, as sessions without url", async () => {
    const [section] = await ctx.db.insert(sections).values({ tenantId: w.tenant.id, name: "Sede" }).returning();
    const course = async (name: string) =>
      (await ctx.db.insert(capCourses).values({ tenantId: w.tenant.id, sectionId: section!.id, name, code: name, startDate: "2020-01-01", endDate: "2099-01-01" }).returning())[0]!;
    const mine = await course("CAP mío");
    const other = await course("CAP ajeno");
    await ctx.db.insert(capEnrollments).values({ tenantId: w.tenant.id, capCourseId: mine.id, studentId: w.student.id });
    const slot = localSlot(1, 9, 4);
    for (const c of [mine, other]) {
      await ctx.db.insert(capSessions).values({
        tenantId: w.tenant.id, capCourseId: c.id, sectionId: section!.id, code: c.code, name: `Sesión ${c.name}`,
        startAt: new Date(slot.start), endAt: new Date(slot.end),
      });
    }
    const events = studentCalendarSchema.parse((await calendar(localSlot(0, 0).start, localSlot(3, 0).start)).json);
    expect(events).toEqual([expect.objectContaining({ type: "session", title: "Sesión CAP mío", url: null, color: "#2563eb" })]);
  });
});
