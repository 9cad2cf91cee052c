import { sessionBounds } from "@/lib/cap/sessions";
import { enrollResultSchema, enrollmentListSchema } from "@/lib/contract/cap";
import { MAX_STUDENTS_PER_COURSE } from "@/lib/contract/constants/cap";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import {
  createCapStudent,
  createCapWorld,
  createCourse,
  createSection,
  createSession,
  enroll,
  shiftDate,
  todayIn,
} from "@/tests/fixtures/cap-factories";
import { createUser } from "@/tests/fixtures/factories";

jest.setTimeout(60_000);

let ctx: ApiContext;
let w: Awaited<ReturnType<typeof createCapWorld>>;
let section: Awaited<ReturnType<typeof createSection>>;

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createCapWorld(ctx.db);
  section = await createSection(ctx.db, w.tenant);
});
afterAll(() => ctx.close());

const admin = () => ({ token: w.adminToken, host: w.tenant.host });
const path = (courseId: string) => `/administrator/cap/cap-courses/${courseId}/enrollments`;

describe("enrolments", () => {
  it("enrols students and reports each one's success or failure", async () => {
    const course = await createCourse(ctx.db, w.tenant, section);
    const [a, b] = await Promise.all([
      createCapStudent(ctx.db, w.tenant, { firstName: "Zoe", surname1: "Alba" }),
      createCapStudent(ctx.db, w.tenant, { firstName: "Álvaro", surname1: "Gil" }),
    ]);
    const foreign = await createCapStudent(ctx.db, w.other);
    const noDni = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"], dni: null });
    await enroll(ctx.db, w.tenant, course, [a.id]);

    const res = await ctx.call(path(course.id), {
      method: "POST",
      ...admin(),
      body: { studentIds: [a.id, b.id, foreign.id, w.instructor.id, noDni.id] },
    });
    expect(res.status).toBe(200);
    const result = enrollResultSchema.parse(res.json);
    expect(result.successful.map((s) => s.studentId)).toEqual([b.id]);
    expect(result.failed).toEqual([
      { studentId: a.id, error: "ALREADY_ENROLLED", message: "El alumno ya está inscrito en este curso" },
      { studentId: foreign.id, error: "STUDENT_NOT_FOUND", message: "Alumno no encontrado" },
      { studentId: w.instructor.id, error: "STUDENT_NOT_FOUND", message: "Alumno no encontrado" },
      { studentId: noDni.id, error: "STUDENT_WITHOUT_DNI", message: "El alumno no tiene DNI/NIE registrado" },
    ]);

    const list = await ctx.call(path(course.id), admin());
    const enrolments = enrollmentListSchema.parse(list.json);
    expect(enrolments.map((e) => e.student)).toEqual(
      expect.arrayContaining([
        { id: a.id, fullname: "Zoe Alba", dni: a.dni },
        { id: b.id, fullname: "Álvaro Gil", dni: b.dni },
      ]),
    );
    expect(enrolments.find((e) => e.studentId === b.id)?.id).toBe(result.successful[0]!.enrollmentId);
  });

  it(`stops at ${MAX_STUDENTS_PER_COURSE} students per course with COURSE_FULL`, async () => {
    const course = await createCourse(ctx.db, w.tenant, section);
    const students = await Promise.all(Array.from({ length: MAX_STUDENTS_PER_COURSE + 2 }, () => createCapStudent(ctx.db, w.tenant)));
    await enroll(ctx.db, w.tenant, course, students.slice(0, 18).map((s) => s.id));
    const res = await ctx.call(path(course.id), { method: "POST", ...admin(), body: { studentIds: students.slice(18).map((s) => s.id) } });
    expect(res.json.successful).toHaveLength(2);
    expect(res.json.failed.map((f: { error: string }) => f.error)).toEqual(["COURSE_FULL", "COURSE_FULL"]);
    expect(res.json.failed[0].message).toBe("El curso ya tiene el máximo de 20 alumnos inscritos");
  });

  it("holds the limit when two enrolments race", async () => {
    const course = await createCourse(ctx.db, w.tenant, section);
    const students = await Promise.all(Array.from({ length: 24 }, () => createCapStudent(ctx.db, w.tenant)));
    const [r1, r2] = await Promise.all([
      ctx.call(path(course.id), { method: "POST", ...admin(), body: { studentIds: students.slice(0, 12).map((s) => s.id) } }),
      ctx.call(path(course.id), { method: "POST", ...admin(), body: { studentIds: students.slice(12).map((s) => s.id) } }),
    ]);
    expect(r1.json.successful.length + r2.json.successful.length).toBe(MAX_STUDENTS_PER_COURSE);
    expect((await ctx.call(path(course.id), admin())).json).toHaveLength(MAX_STUDENTS_PER_COURSE);
  });

  it("validates the body", async () => {
    const course = await createCourse(ctx.db, w.tenant, section);
    expect((await ctx.call(path(course.id), { method: "POST", ...admin(), body: {} })).status).toBe(400);
    const empty = await ctx.call(path(course.id), { method: "POST", ...admin(), body: { studentIds: [] } });
    expect(empty.status).toBe(422);
    expect(empty.json.message).toBe("Debes seleccionar al menos un alumno");
    expect((await ctx.call(path(course.id), { method: "POST", ...admin(), body: { studentIds: ["nope"] } })).status).toBe(422);
  });

  it("unenrols, leaving past attendance alone and dropping untouched upcoming rows", async () => {
    const course = await createCourse(ctx.db, w.tenant, section);
    const s = await createCapStudent(ctx.db, w.tenant);
    await enroll(ctx.db, w.tenant, course, [s.id]);
    const tz = w.tenant.timeZone;
    const today = todayIn(tz);
    const past = sessionBounds(shiftDate(today, -2), null, tz);
    const next = sessionBounds(shiftDate(today, 2), null, tz);
    const pastSession = await createSession(ctx.db, w.tenant, course, new Date(past.start), new Date(past.end), [s.id]);
    const nextSession = await createSession(ctx.db, w.tenant, course, new Date(next.start), new Date(next.end), [s.id]);
    const [enrolment] = (await ctx.call(path(course.id), admin())).json;

    const del = await ctx.call(`${path(course.id)}/${enrolment.id}`, { method: "DELETE", ...admin() });
    expect(del.status).toBe(204);
    expect((await ctx.call(path(course.id), admin())).json).toEqual([]);
    expect((await ctx.call(`/administrator/cap/cap-sessions/${pastSession.id}`, admin())).json.attendances).toHaveLength(1);
    expect((await ctx.call(`/administrator/cap/cap-sessions/${nextSession.id}`, admin())).json.attendances).toHaveLength(0);
    expect((await ctx.call(`${path(course.id)}/${enrolment.id}`, { method: "DELETE", ...admin() })).status).toBe(404);
  });

  it("answers 404 for another tenant's course and 403 for non-administrators", async () => {
    const foreignCourse = await createCourse(ctx.db, w.other, await createSection(ctx.db, w.other));
    const s = await createCapStudent(ctx.db, w.tenant);
    expect((await ctx.call(path(foreignCourse.id), admin())).status).toBe(404);
    expect((await ctx.call(path(foreignCourse.id), { method: "POST", ...admin(), body: { studentIds: [s.id] } })).status).toBe(404);
    const course = await createCourse(ctx.db, w.tenant, section);
    expect((await ctx.call(path(course.id), { token: w.instructorToken, host: w.tenant.host })).status).toBe(403);
    expect((await ctx.call(path(course.id), { method: "POST", token: w.studentToken, host: w.tenant.host, body: { studentIds: [s.id] } })).status).toBe(403);
  });
});
