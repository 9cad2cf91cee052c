import { studentCalendarSchema } from "@/lib/contract/calendar";
import { practices, schoolEvents } from "@/server/db/schema/practices";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createCapStudent, createCourse, createSection, createSession as createCapSession, setAttendance } from "@/tests/fixtures/cap-factories";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
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
    expect(events[1]).toMatchObject({ title: "Práctica", color: "#15803d", data: { reservationId: practiced.id } });
    expect(events[2]).toMatchObject({ title: "Práctica manual", color: "#166534", data: { reservationId: null } });
    expect(events[3]).toMatchObject({ color: "#9ca3af", data: { status: "annulled", reservationId: annulled.id } });
    expect(events[4]).toMatchObject({ title: "Charla DGT", url: "https://example.org/s", color: "#2563eb" });
    expect(JSON.stringify(events)).not.toContain(outside.id);
    // An event ending exactly at the range start is outside it.
    const edge = await calendar(localSlot(-2, 10).end, localSlot(-1, 0).start);
    expect(studentCalendarSchema.parse(edge.json).map((e) => e.data.reservationId)).not.toContain(practiced.id);
    // An event starting exactly at the range end is outside it too; the one before it is in.
    const endEdge = studentCalendarSchema.parse((await calendar(localSlot(-3, 0).start, localSlot(-2, 10).start)).json);
    expect(endEdge.map((e) => e.data.reservationId)).toEqual([denied.id]);
  });

  it("paints pending reservations amber and confirmed ones teal (spec §2)", async () => {
    const requested = await insertReservation(ctx.db, w, localSlot(1, 10), "requested");
    const confirmed = await insertReservation(ctx.db, w, localSlot(2, 10), "confirmed");
    const events = studentCalendarSchema.parse((await calendar(localSlot(0, 0).start, localSlot(3, 0).start)).json);
    expect(events).toEqual([
      expect.objectContaining({ title: "Reserva (Pendiente)", color: "#f59e0b", data: { status: "requested", reservationId: requested.id, practiceId: null } }),
      expect.objectContaining({ title: "Reserva (Confirmada)", color: "#0e7490", data: { status: "confirmed", reservationId: confirmed.id, practiceId: null } }),
    ]);
  });

  it("titles a confirmed lesson that has ended 'Reserva (Realizada)', in the confirmed colour, until its practice is recorded", async () => {
    const ended = await insertReservation(ctx.db, w, localSlot(-1, 10), "confirmed");
    const ahead = await insertReservation(ctx.db, w, localSlot(1, 10), "confirmed");
    const events = studentCalendarSchema.parse((await calendar(localSlot(-2, 0).start, localSlot(2, 0).start)).json);
    expect(events).toEqual([
      expect.objectContaining({ title: "Reserva (Realizada)", color: "#0e7490", data: { status: "confirmed", reservationId: ended.id, practiceId: null } }),
      expect.objectContaining({ title: "Reserva (Confirmada)", color: "#0e7490", data: { status: "confirmed", reservationId: ahead.id, practiceId: null } }),
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
  let adminToken: string;
  let section: { id: string };
  beforeEach(async () => {
    adminToken = await tokenFor(await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), w.tenant);
    section = await createSection(ctx.db, w.tenant);
  });

  const admin = (path: string, method: string, body?: unknown) => ctx.call(`/administrator${path}`, { method, body, host: w.tenant.host, token: adminToken });
  // Through the administrator's API, so each session gets the attendance rows the CAP module really makes.
  async function newSession(courseId: string, slot: { start: string; end: string }, name: string) {
    const res = await admin(`/cap/cap-courses/${courseId}/sessions`, "POST", { name, start: slot.start, end: slot.end });
    expect(res.status).toBe(201);
    return res.json.id as string;
  }
  async function enrol(courseId: string, studentId: string) {
    const res = await admin(`/cap/cap-courses/${courseId}/enrollments`, "POST", { studentIds: [studentId] });
    expect(res.json.successful).toHaveLength(1);
    return res.json.successful[0].enrollmentId as string;
  }
  const sessionTitles = async () =>
    studentCalendarSchema
      .parse((await calendar(localSlot(-3, 0).start, localSlot(4, 0).start)).json)
      .filter((e) => e.type === "session")
      .map((e) => e.title);

  it("shows the sessions the student is in, as sessions without url; not other courses' sessions", async () => {
    const mine = await createCourse(ctx.db, w.tenant, section, { name: "CAP mío" });
    const other = await createCourse(ctx.db, w.tenant, section, { name: "CAP ajeno" });
    const slot = localSlot(1, 9, 4);
    await createCapSession(ctx.db, w.tenant, mine, new Date(slot.start), new Date(slot.end), [w.student.id]);
    const mate = await createCapStudent(ctx.db, w.tenant);
    await createCapSession(ctx.db, w.tenant, other, new Date(slot.start), new Date(slot.end), [mate.id]);
    const events = studentCalendarSchema.parse((await calendar(localSlot(0, 0).start, localSlot(3, 0).start)).json);
    expect(events).toEqual([expect.objectContaining({ type: "session", title: mine.name, url: null, color: "#2563eb" })]);
  });

  it("leaves out a session created before the student enrolled (spec 001 §4) and shows the later ones", async () => {
    const course = await createCourse(ctx.db, w.tenant, section);
    const mate = await createCapStudent(ctx.db, w.tenant);
    await enrol(course.id, mate.id);
    await newSession(course.id, localSlot(1, 9, 4), "Antes de inscribirse");
    await enrol(course.id, w.student.id);
    await newSession(course.id, localSlot(2, 9, 4), "Después de inscribirse");
    expect(await sessionTitles()).toEqual(["Después de inscribirse"]);
  });

  it("shows a session of a course the student is not enrolled in when they were added to it by hand", async () => {
    const course = await createCourse(ctx.db, w.tenant, section);
    const mate = await createCapStudent(ctx.db, w.tenant);
    await enrol(course.id, mate.id);
    const sessionId = await newSession(course.id, localSlot(1, 9, 4), "Añadido a mano");
    expect(await sessionTitles()).toEqual([]);
    expect((await admin("/cap/cap-attendance", "POST", { capSessionId: sessionId, studentId: w.student.id })).status).toBe(201);
    expect(await sessionTitles()).toEqual(["Añadido a mano"]);
  });

  it("keeps a session the student attended after they leave the course; an untouched upcoming one goes", async () => {
    const course = await createCourse(ctx.db, w.tenant, section);
    const enrollmentId = await enrol(course.id, w.student.id);
    const past = localSlot(-1, 9, 4);
    const attended = await newSession(course.id, past, "Asistida");
    await newSession(course.id, localSlot(2, 9, 4), "Próxima");
    await setAttendance(ctx.db, w.tenant, attended, w.student.id, new Date(past.start), new Date(past.end));
    expect(await sessionTitles()).toEqual(["Asistida", "Próxima"]);
    expect((await admin(`/cap/cap-courses/${course.id}/enrollments/${enrollmentId}`, "DELETE")).status).toBe(204);
    expect(await sessionTitles()).toEqual(["Asistida"]);
  });
});
