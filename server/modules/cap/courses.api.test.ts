import { sessionBounds } from "@/lib/cap/sessions";
import { capCourseListSchema, capCourseSchema, capSessionListSchema, capSessionSchema } from "@/lib/contract/cap";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import {
  createCapStudent,
  createCapWorld,
  createCourse,
  createSection,
  enroll,
  shiftDate,
  todayIn,
} from "@/tests/fixtures/cap-factories";

jest.setTimeout(60_000);

let ctx: ApiContext;
let w: Awaited<ReturnType<typeof createCapWorld>>;
let section: Awaited<ReturnType<typeof createSection>>;
let today: string;

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createCapWorld(ctx.db);
  section = await createSection(ctx.db, w.tenant, { name: "Sede Central" });
  today = todayIn(w.tenant.timeZone);
});
afterAll(() => ctx.close());

const admin = () => ({ token: w.adminToken, host: w.tenant.host });

describe("courses", () => {
  it("creates a course and lists courses by start date, newest first", async () => {
    const body = { name: "CAP Continua Mercancías", code: "28/2025/0137", sectionId: section.id, start: today, end: shiftDate(today, 4) };
    const created = await ctx.call("/administrator/cap/cap-courses", { method: "POST", ...admin(), body });
    expect(created.status).toBe(201);
    expect(capCourseSchema.parse(created.json)).toEqual({ ...body, id: expect.any(String), sectionName: "Sede Central" });

    await createCourse(ctx.db, w.tenant, section, { name: "Anterior", startDate: shiftDate(today, -30), endDate: shiftDate(today, -26) });
    const list = await ctx.call("/administrator/cap/cap-courses", admin());
    expect(list.status).toBe(200);
    expect(capCourseListSchema.parse(list.json).map((c) => c.name)).toEqual(["CAP Continua Mercancías", "Anterior"]);

    const one = await ctx.call(`/administrator/cap/cap-courses/${created.json.id}`, admin());
    expect(one.json).toEqual(created.json);
  });

  it("requires every field and an end on or after the start", async () => {
    const missing = await ctx.call("/administrator/cap/cap-courses", { method: "POST", ...admin(), body: { name: "X", code: "Y" } });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("MISSING_REQUIRED_FIELDS");
    const backwards = await ctx.call("/administrator/cap/cap-courses", {
      method: "POST",
      ...admin(),
      body: { name: "X", code: "Y", sectionId: section.id, start: "2025-05-10", end: "2025-05-09" },
    });
    expect(backwards.status).toBe(422);
    expect(backwards.json.message).toBe("La fecha de fin debe ser igual o posterior a la fecha de inicio");
    const badDate = await ctx.call("/administrator/cap/cap-courses", {
      method: "POST",
      ...admin(),
      body: { name: "X", code: "Y", sectionId: section.id, start: "2025-02-30", end: "2025-03-01" },
    });
    expect(badDate.status).toBe(422);
  });

  it("answers 404 for another tenant's section and course, 403 for non-administrators", async () => {
    const foreignSection = await createSection(ctx.db, w.other);
    const foreignCourse = await createCourse(ctx.db, w.other, foreignSection);
    const withForeignSection = await ctx.call("/administrator/cap/cap-courses", {
      method: "POST",
      ...admin(),
      body: { name: "X", code: "Y", sectionId: foreignSection.id, start: today, end: today },
    });
    expect(withForeignSection.status).toBe(404);
    const read = await ctx.call(`/administrator/cap/cap-courses/${foreignCourse.id}`, admin());
    expect(read.status).toBe(404);
    expect(read.json.message).toBe("Curso no encontrado");
    expect((await ctx.call("/administrator/cap/cap-courses/not-a-uuid", admin())).status).toBe(404);
    expect((await ctx.call(`/administrator/cap/cap-courses/${foreignCourse.id}/sessions`, admin())).status).toBe(404);
    expect((await ctx.call("/administrator/cap/cap-courses", { token: w.instructorToken, host: w.tenant.host })).status).toBe(403);
    expect((await ctx.call("/administrator/cap/cap-courses", { token: w.studentToken, host: w.tenant.host })).status).toBe(403);
  });
});

describe("sessions", () => {
  it("refuses a session while the course has no enrolments", async () => {
    const course = await createCourse(ctx.db, w.tenant, section, { startDate: today, endDate: today });
    const res = await ctx.call(`/administrator/cap/cap-courses/${course.id}/sessions`, {
      method: "POST",
      ...admin(),
      body: { name: "Hoy", ...sessionBounds(today, null, w.tenant.timeZone) },
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("COURSE_WITHOUT_ENROLLMENTS");
  });

  it("creates a session with a row per enrolled student; later enrolments do not join it", async () => {
    const course = await createCourse(ctx.db, w.tenant, section, { name: "CAP Inicial", code: "CI-1", startDate: shiftDate(today, -1), endDate: shiftDate(today, 3) });
    const [ana, bea, late] = await Promise.all([
      createCapStudent(ctx.db, w.tenant, { firstName: "Ana", surname1: "López" }),
      createCapStudent(ctx.db, w.tenant, { firstName: "Bea", surname1: "Martín" }),
      createCapStudent(ctx.db, w.tenant, { firstName: "Tarde", surname1: "Ruiz" }),
    ]);
    await enroll(ctx.db, w.tenant, course, [ana.id, bea.id]);
    const bounds = sessionBounds(today, { startTime: "09:00", endTime: "14:00" }, w.tenant.timeZone);
    const res = await ctx.call(`/administrator/cap/cap-courses/${course.id}/sessions`, {
      method: "POST",
      ...admin(),
      body: { name: "CAP Inicial - hoy", ...bounds },
    });
    expect(res.status).toBe(201);
    const session = capSessionSchema.parse(res.json);
    expect(session).toMatchObject({ capCourseId: course.id, courseName: "CAP Inicial", code: "CI-1", sectionId: section.id, ...bounds });
    expect(session.attendances.map((a) => [a.studentName, a.studentDni, a.in, a.out])).toEqual([
      ["Ana López", ana.dni, null, null],
      ["Bea Martín", bea.dni, null, null],
    ]);

    await enroll(ctx.db, w.tenant, course, [late.id]);
    const again = await ctx.call(`/administrator/cap/cap-sessions/${session.id}`, admin());
    expect(again.status).toBe(200);
    expect(again.json.attendances).toHaveLength(2);

    const tomorrow = await ctx.call(`/administrator/cap/cap-courses/${course.id}/sessions`, {
      method: "POST",
      ...admin(),
      body: { name: "Mañana", code: "OTRO", ...sessionBounds(shiftDate(today, 1), null, w.tenant.timeZone) },
    });
    expect(tomorrow.json.code).toBe("OTRO");
    expect(tomorrow.json.attendances).toHaveLength(3);

    const list = await ctx.call(`/administrator/cap/cap-courses/${course.id}/sessions`, admin());
    expect(capSessionListSchema.parse(list.json).map((s) => s.name)).toEqual(["CAP Inicial - hoy", "Mañana"]);
  });

  it("keeps sessions inside the course period, on one day, with the end after the start", async () => {
    const course = await createCourse(ctx.db, w.tenant, section, { startDate: today, endDate: shiftDate(today, 1) });
    const s = await createCapStudent(ctx.db, w.tenant);
    await enroll(ctx.db, w.tenant, course, [s.id]);
    const post = (body: object) => ctx.call(`/administrator/cap/cap-courses/${course.id}/sessions`, { method: "POST", ...admin(), body });
    const tz = w.tenant.timeZone;

    const outside = await post({ name: "Fuera", ...sessionBounds(shiftDate(today, 2), null, tz) });
    expect(outside.status).toBe(422);
    expect(outside.json.error).toBe("SESSION_OUTSIDE_COURSE_PERIOD");

    const twoDays = await post({ name: "Dos días", start: sessionBounds(today, null, tz).start, end: sessionBounds(shiftDate(today, 1), null, tz).end });
    expect(twoDays.status).toBe(422);

    const backwards = await post({ name: "Al revés", start: sessionBounds(today, null, tz).end, end: sessionBounds(today, null, tz).start });
    expect(backwards.status).toBe(422);
    expect(backwards.json.message).toBe("La hora de fin debe ser posterior a la hora de inicio");

    const missing = await post({ name: "Sin fechas" });
    expect(missing.status).toBe(400);

    const foreignSection = await createSection(ctx.db, w.other);
    expect((await post({ name: "Sección ajena", sectionId: foreignSection.id, ...sessionBounds(today, null, tz) })).status).toBe(404);
  });

  it("answers 404 for another tenant's session", async () => {
    const foreignSection = await createSection(ctx.db, w.other);
    const foreignCourse = await createCourse(ctx.db, w.other, foreignSection);
    const s = await createCapStudent(ctx.db, w.other);
    await enroll(ctx.db, w.other, foreignCourse, [s.id]);
    const created = await ctx.call(`/administrator/cap/cap-courses/${foreignCourse.id}/sessions`, {
      method: "POST",
      token: w.otherAdminToken,
      host: w.other.host,
      body: { name: "Ajena", ...sessionBounds(todayIn(w.other.timeZone), null, w.other.timeZone) },
    });
    expect(created.status).toBe(201);
    const read = await ctx.call(`/administrator/cap/cap-sessions/${created.json.id}`, admin());
    expect(read.status).toBe(404);
    expect(read.json.message).toBe("Sesión no encontrada");
    const post = await ctx.call(`/administrator/cap/cap-courses/${foreignCourse.id}/sessions`, {
      method: "POST",
      ...admin(),
      body: { name: "X", ...sessionBounds(today, null, w.tenant.timeZone) },
    });
    expect(post.status).toBe(404);
  });
});
