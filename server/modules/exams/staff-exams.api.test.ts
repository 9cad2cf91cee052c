import { eq } from "drizzle-orm";
import { examOptionsSchema, examResultListSchema, staffExamListSchema, staffExamSchema } from "@/lib/contract/exams";
import { examAttendances, exams } from "@/server/db/schema/exams";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { addStudent, assign, createBookingWorld, createLicense, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { createExam, registerBody, slotPath } from "./exam-fixtures";

jest.setTimeout(120_000);

let ctx: ApiContext;
let w: BookingWorld;
let adminToken: string;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
  adminToken = await tokenFor(await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), w.tenant);
});
afterAll(() => ctx.close());

const call = (path: string, token: string, method = "GET", body?: unknown, host = w.tenant.host) => ctx.call(path, { method, host, token, body });
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const newExam = (license: string, extra: Record<string, unknown> = {}) => ({
  date: inDays(20),
  inscriptionsOpening: inDays(-1),
  inscriptionsClosing: inDays(10),
  location: "Centro de exámenes",
  slots: [{ examType: 3, license, places: 5, visibleLimit: 3 }],
  ...extra,
});
const examCount = async () => (await ctx.db.select().from(exams).where(eq(exams.tenantId, w.tenant.id))).length;
const attendanceOf = async (studentId: string) =>
  (await ctx.db.select().from(examAttendances).where(eq(examAttendances.studentId, studentId)))[0]!;

describe("creating exam dates", () => {
  it("an administrator creates an exam with its window and places; students see it", async () => {
    const res = await call("/administrator/exams", adminToken, "POST", newExam(w.license.id));
    expect(res.status).toBe(201);
    expect(staffExamSchema.parse(res.json)).toMatchObject({
      location: "Centro de exámenes",
      isHeld: false,
      slots: [{ examType: { id: 3, name: "Circulación" }, license: { id: w.license.id, name: "B" }, places: 5, visibleLimit: 3, registeredCount: 0, backupCount: 0 }],
    });
    const upcoming = await call("/student/exams/upcoming", w.studentToken);
    expect(upcoming.json[0].slots[0]).toMatchObject({ visibleLimit: 3, visibleRemaining: 3, canRegister: true });
  });

  it("an instructor creates exams only for licences they teach", async () => {
    const a2 = await createLicense(ctx.db, w.tenant, "a2", "A2");
    const options = examOptionsSchema.parse((await call("/instructor/exams/options", w.instructorToken)).json);
    expect(options.licenses).toEqual([{ id: w.license.id, name: "B" }]);
    expect(options.examTypes.map((t) => t.name)).toEqual(["Teórico", "Circuito", "Circulación"]);
    expect((await call("/instructor/exams", w.instructorToken, "POST", newExam(a2.id))).status).toBe(422);
    expect((await call("/instructor/exams", w.instructorToken, "POST", newExam(w.license.id))).status).toBe(201);
    expect(await examCount()).toBe(1);
  });

  it("refuses bad input with 4xx and writes nothing", async () => {
    const school = await createBookingWorld(ctx.db);
    const bad = [
      {},
      newExam(w.license.id, { inscriptionsClosing: inDays(30) }),
      newExam(w.license.id, { inscriptionsClosing: inDays(-2) }),
      newExam(w.license.id, { slots: [] }),
      newExam(w.license.id, { slots: [{ examType: 4, license: w.license.id, places: 1, visibleLimit: 1 }] }),
      newExam(w.license.id, { slots: [{ examType: 1, license: w.license.id, places: -2, visibleLimit: 1 }] }),
      newExam(w.license.id, { slots: [{ examType: 1, license: w.license.id, places: 1.5, visibleLimit: 1 }] }),
      newExam(school.license.id),
    ];
    for (const body of bad) {
      const res = await call("/administrator/exams", adminToken, "POST", body);
      expect([400, 422]).toContain(res.status);
      expect(typeof res.json.message).toBe("string");
    }
    expect(await examCount()).toBe(0);
  });

  it("is for the school's staff only", async () => {
    expect((await call("/administrator/exams", w.studentToken)).status).toBe(403);
    expect((await call("/administrator/exams", w.instructorToken, "POST", newExam(w.license.id))).status).toBe(403);
    expect((await call("/instructor/exams", adminToken)).status).toBe(403);
    expect(await examCount()).toBe(0);
  });
});

describe("places, registrations and results from the school's side", () => {
  it("more places promote the reserve list at once; fewer than registered is refused", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 1 });
    const b = await addStudent(ctx.db, w);
    await call("/student/exam-attendance", w.studentToken, "POST", registerBody(f));
    await call(`${slotPath(f)}/backup-attendance`, b.token, "POST");
    expect((await call(`/administrator/exam-slots/${f.slotId}`, adminToken, "PATCH", { places: 0, visibleLimit: 0 })).json.error).toBe("PLACES_BELOW_REGISTERED");
    const res = await call(`/administrator/exam-slots/${f.slotId}`, adminToken, "PATCH", { places: 2, visibleLimit: 2 });
    expect(res.status).toBe(200);
    expect((await attendanceOf(b.student.id)).status).toBe("registered");
  });

  it("the instructor sees only their students and records results once the exam is held", async () => {
    const held = await createExam(ctx.db, w.tenant, w.license, { days: 1, window: [-5, 0.5] });
    const stranger = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"] });
    const otherInstructor = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    await assign(ctx.db, w.tenant, stranger, otherInstructor, w.license);
    await call("/student/exam-attendance", w.studentToken, "POST", registerBody(held));
    await call("/student/exam-attendance", await tokenFor(stranger, w.tenant), "POST", registerBody(held));

    const list = staffExamListSchema.parse((await call("/instructor/exams", w.instructorToken)).json);
    expect(list[0]!.slots[0]!.registeredCount).toBe(2);
    expect(list[0]!.slots[0]!.attendances.map((a) => a.student.id)).toEqual([w.student.id]);
    const adminList = staffExamListSchema.parse((await call("/administrator/exams", adminToken)).json);
    expect(adminList[0]!.slots[0]!.attendances).toHaveLength(2);

    const mine = await attendanceOf(w.student.id);
    const theirs = await attendanceOf(stranger.id);
    expect((await call(`/instructor/exam-attendances/${mine.id}/result`, w.instructorToken, "POST", { result: 3 })).json.error).toBe("EXAM_NOT_HELD");
    await ctx.db.update(exams).set({ date: new Date(Date.now() - 3600_000), inscriptionsClosing: new Date(Date.now() - 7200_000) }).where(eq(exams.id, held.examId));

    expect((await call(`/instructor/exam-attendances/${theirs.id}/result`, w.instructorToken, "POST", { result: 3 })).status).toBe(404);
    expect((await call(`/instructor/exam-attendances/${mine.id}/result`, w.instructorToken, "POST", { result: 5 })).status).toBe(422);
    expect((await call(`/instructor/exam-attendances/${mine.id}/result`, w.instructorToken, "POST", {})).status).toBe(400);
    expect((await attendanceOf(w.student.id)).result).toBe(0);
    expect((await call(`/instructor/exam-attendances/${mine.id}/result`, w.instructorToken, "POST", { result: 3 })).status).toBe(200);
    const results = examResultListSchema.parse((await call("/student/exam-attendances", w.studentToken)).json);
    expect(results[0]).toMatchObject({ result: 3, license: { name: "B" }, exam: { type: { name: "Circulación" } } });

    const school = await createBookingWorld(ctx.db);
    const foreignAdmin = await tokenFor(await createUser(ctx.db, school.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), school.tenant);
    expect((await call(`/administrator/exam-attendances/${mine.id}/result`, foreignAdmin, "POST", { result: 2 }, school.tenant.host)).status).toBe(404);
    expect((await call(`/administrator/exam-attendances/${mine.id}/result`, w.studentToken, "POST", { result: 2 })).status).toBe(403);
    expect((await attendanceOf(w.student.id)).result).toBe(3);
  });

  it("the office registers students into the places it keeps, up to all of them", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 2, visibleLimit: 1 });
    const [b, c] = [await addStudent(ctx.db, w), await addStudent(ctx.db, w)];
    const stranger = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"] });
    await call("/student/exam-attendance", w.studentToken, "POST", registerBody(f));
    await call(`${slotPath(f)}/backup-attendance`, b.token, "POST");
    const options = examOptionsSchema.parse((await call("/instructor/exams/options", w.instructorToken)).json);
    expect(options.students.map((s) => s.id).sort()).toEqual([w.student.id, b.student.id, c.student.id].sort());
    const path = `/instructor/exam-slots/${f.slotId}/registrations`;
    expect((await call(path, w.instructorToken, "POST", { studentId: stranger.id })).status).toBe(404);
    expect((await call(path, w.instructorToken, "POST", { studentId: w.student.id })).json.error).toBe("ALREADY_REGISTERED");
    expect((await call(path, w.instructorToken, "POST", { studentId: "x" })).status).toBe(422);
    const res = await call(path, w.instructorToken, "POST", { studentId: b.student.id });
    expect(res.status).toBe(201);
    expect((await attendanceOf(b.student.id)).status).toBe("registered");
    expect((await call(`/administrator/exam-slots/${f.slotId}/registrations`, adminToken, "POST", { studentId: c.student.id })).json.error).toBe("NO_PLACES_AVAILABLE");
    const school = await createBookingWorld(ctx.db);
    const foreignAdmin = await tokenFor(await createUser(ctx.db, school.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), school.tenant);
    expect((await call(`/administrator/exam-slots/${f.slotId}/registrations`, foreignAdmin, "POST", { studentId: c.student.id }, school.tenant.host)).status).toBe(404);
    expect((await call(path, w.studentToken, "POST", { studentId: c.student.id })).status).toBe(403);
  });

  it("withdrawing a student promotes the reserve list; an exam with students cannot be deleted", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 1 });
    const b = await addStudent(ctx.db, w);
    await call("/student/exam-attendance", w.studentToken, "POST", registerBody(f));
    await call(`${slotPath(f)}/backup-attendance`, b.token, "POST");
    expect((await call(`/administrator/exams/${f.examId}`, adminToken, "DELETE")).json.error).toBe("EXAM_HAS_STUDENTS");
    const mine = await attendanceOf(w.student.id);
    const res = await call(`/instructor/exam-attendances/${mine.id}/withdraw`, w.instructorToken, "POST");
    expect(res.json).toMatchObject({ status: "withdrawn", promotedAttendanceId: (await attendanceOf(b.student.id)).id });
    expect((await attendanceOf(b.student.id)).status).toBe("registered");
    const empty = await createExam(ctx.db, w.tenant, w.license);
    expect((await call(`/administrator/exams/${empty.examId}`, adminToken, "DELETE")).status).toBe(204);
    expect((await call(`/administrator/exams/${empty.examId}`, adminToken, "DELETE")).status).toBe(404);
  });
});
