import { eq } from "drizzle-orm";
import { examAttendanceAnswerSchema, examResultListSchema, upcomingExamListSchema } from "@/lib/contract/exams";
import { examAttendances, examSlots } from "@/server/db/schema/exams";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { addStudent, createBookingWorld, createLicense, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { createExam, registerBody, slotPath, type ExamFixture } from "./exam-fixtures";

jest.setTimeout(120_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
});
afterAll(() => ctx.close());

const get = (path: string, token = w.studentToken, host = w.tenant.host) => ctx.call(path, { host, token });
const post = (path: string, body?: unknown, token = w.studentToken, host = w.tenant.host) => ctx.call(path, { method: "POST", host, token, body });
const register = (f: ExamFixture, token = w.studentToken) => post("/student/exam-attendance", registerBody(f), token);
const backup = (f: ExamFixture, token = w.studentToken) => post(`${slotPath(f)}/backup-attendance`, undefined, token);
const withdraw = (f: ExamFixture, token = w.studentToken) => ctx.call(`${slotPath(f)}/attendance`, { method: "DELETE", host: w.tenant.host, token });
const upcomingSlot = async (token = w.studentToken) => upcomingExamListSchema.parse((await get("/student/exams/upcoming", token)).json)[0]?.slots[0];
const attendanceRows = (f: ExamFixture) => ctx.db.select().from(examAttendances).where(eq(examAttendances.slotId, f.slotId));
const slotRow = async (f: ExamFixture) => (await ctx.db.select().from(examSlots).where(eq(examSlots.id, f.slotId)))[0]!;

describe("GET /api/student/exams/upcoming", () => {
  it("computes the place arithmetic and the student's flags, only for the student's licences", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 6, visibleLimit: 4 });
    const other = await createLicense(ctx.db, w.tenant, "a2", "A2");
    await createExam(ctx.db, w.tenant, other, { days: 12 });
    const list = upcomingExamListSchema.parse((await get("/student/exams/upcoming")).json);
    expect(list).toHaveLength(1);
    expect(list[0]!.slots).toEqual([
      {
        examType: { id: 3, name: "Circulación" },
        license: w.license.id,
        licenseName: "B",
        visibleLimit: 4,
        visibleRemaining: 4,
        isRegistered: false,
        isBackupRegistered: false,
        canRegister: true,
        canBackupRegister: false,
      },
    ]);
    expect((await register(f)).status).toBe(201);
    expect(await upcomingSlot()).toMatchObject({ visibleRemaining: 3, isRegistered: true, canRegister: false, canBackupRegister: false });
  });

  it("answers -1 for unlimited places and leaves past exams out", async () => {
    await createExam(ctx.db, w.tenant, w.license, { places: -1, visibleLimit: -1 });
    await createExam(ctx.db, w.tenant, w.license, { days: -3, window: [-20, -10] });
    const list = upcomingExamListSchema.parse((await get("/student/exams/upcoming")).json);
    expect(list).toHaveLength(1);
    expect(list[0]!.slots[0]).toMatchObject({ visibleLimit: -1, visibleRemaining: -1, canRegister: true });
  });

  it("is for students only", async () => {
    expect((await get("/student/exams/upcoming", w.instructorToken)).status).toBe(403);
    expect((await ctx.call("/student/exams/upcoming", { host: w.tenant.host })).status).toBe(401);
  });
});

describe("POST /api/student/exam-attendance", () => {
  it("registers only inside the inscription window", async () => {
    const early = await createExam(ctx.db, w.tenant, w.license, { window: [1, 5] });
    const late = await createExam(ctx.db, w.tenant, w.license, { days: 4, window: [-5, -1] });
    for (const f of [early, late]) {
      const res = await register(f);
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ error: "INSCRIPTIONS_CLOSED", message: "El plazo de inscripción de este examen no está abierto" });
      expect(await attendanceRows(f)).toHaveLength(0);
    }
    const list = upcomingExamListSchema.parse((await get("/student/exams/upcoming")).json);
    expect(list.flatMap((e) => e.slots).every((s) => !s.canRegister && !s.canBackupRegister)).toBe(true);
  });

  it("refuses a licence the student is not assigned to", async () => {
    const a2 = await createLicense(ctx.db, w.tenant, "a2", "A2");
    const f = await createExam(ctx.db, w.tenant, a2);
    const res = await register(f);
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("LICENSE_NOT_ASSIGNED");
    expect(await attendanceRows(f)).toHaveLength(0);
  });

  it("counts places down, then refuses with NO_PLACES_AVAILABLE; never registers twice", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 2 });
    const other = await addStudent(ctx.db, w);
    const third = await addStudent(ctx.db, w);
    expect(examAttendanceAnswerSchema.parse((await register(f)).json)).toMatchObject({ status: "registered", position: null });
    expect((await register(f)).json.error).toBe("ALREADY_REGISTERED");
    expect((await backup(f)).json.error).toBe("ALREADY_REGISTERED");
    expect((await register(f, other.token)).status).toBe(201);
    const full = await register(f, third.token);
    expect(full.status).toBe(409);
    expect(full.json).toEqual({ error: "NO_PLACES_AVAILABLE", message: "No quedan plazas disponibles en este examen" });
    expect(await upcomingSlot(third.token)).toMatchObject({ visibleRemaining: 0, canRegister: false, canBackupRegister: true });
    expect((await slotRow(f)).registeredCount).toBe(2);
  });

  it("keeps the places the school does not show out of students' reach", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 5, visibleLimit: 1 });
    const other = await addStudent(ctx.db, w);
    expect((await register(f)).status).toBe(201);
    expect((await register(f, other.token)).json.error).toBe("NO_PLACES_AVAILABLE");
  });

  it("answers 404 for another school's exam and 4xx for bad input, writing nothing", async () => {
    const school = await createBookingWorld(ctx.db);
    const foreign = await createExam(ctx.db, school.tenant, school.license);
    const res = await register(foreign);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: "NOT_FOUND", message: "Examen no encontrado" });
    expect((await backup(foreign)).status).toBe(404);
    const f = await createExam(ctx.db, w.tenant, w.license);
    expect((await post("/student/exam-attendance", {})).json.error).toBe("MISSING_REQUIRED_FIELDS");
    expect((await post("/student/exam-attendance", { ...registerBody(f), examType: 7 })).status).toBe(422);
    expect((await post("/student/exam-attendance", { ...registerBody(f), exam: "nope" })).status).toBe(422);
    expect((await ctx.call("/student/exam-attendance", { method: "POST", host: w.tenant.host, token: w.studentToken, rawBody: "{" })).status).toBe(400);
    expect((await post(`/student/exams/${f.examId}/exam-types/9/licenses/${f.licenseId}/backup-attendance`)).status).toBe(404);
    expect(await attendanceRows(f)).toHaveLength(0);
    expect(await attendanceRows(foreign)).toHaveLength(0);
    expect((await register(f, w.instructorToken)).status).toBe(403);
  });
});

describe("reserve list and withdrawal", () => {
  it("joins the reserve list only when no place is shown, in order, and promotes the first on withdrawal", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 1 });
    const [b1, b2] = [await addStudent(ctx.db, w), await addStudent(ctx.db, w)];
    expect((await backup(f)).json.error).toBe("PLACES_AVAILABLE");
    expect((await register(f)).status).toBe(201);
    expect(examAttendanceAnswerSchema.parse((await backup(f, b1.token)).json)).toMatchObject({ status: "backup", position: 1 });
    expect((await backup(f, b2.token)).json).toMatchObject({ status: "backup", position: 2 });
    expect((await backup(f, b2.token)).json.error).toBe("ALREADY_BACKUP_REGISTERED");
    expect((await register(f, b2.token)).json.error).toBe("ALREADY_BACKUP_REGISTERED");
    expect(await upcomingSlot(b1.token)).toMatchObject({ isBackupRegistered: true, isRegistered: false, canBackupRegister: false });

    const out = await withdraw(f);
    expect(out.status).toBe(200);
    const rows = await attendanceRows(f);
    const promoted = rows.find((r) => r.studentId === b1.student.id)!;
    expect(out.json).toMatchObject({ status: "withdrawn", promotedAttendanceId: promoted.id });
    expect(promoted.status).toBe("registered");
    expect(rows.find((r) => r.studentId === b2.student.id)!.status).toBe("backup");
    expect((await slotRow(f)).registeredCount).toBe(1);
    expect(await upcomingSlot(b1.token)).toMatchObject({ isRegistered: true, isBackupRegistered: false });
    expect((await withdraw(f)).json.error).toBe("NOT_REGISTERED");
  });

  it("leaving the reserve list frees no place", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 1 });
    const b = await addStudent(ctx.db, w);
    await register(f, b.token);
    await backup(f);
    expect((await withdraw(f)).json).toMatchObject({ status: "withdrawn", promotedAttendanceId: null });
    expect((await slotRow(f)).registeredCount).toBe(1);
    expect((await register(f)).json.error).toBe("NO_PLACES_AVAILABLE");
  });

  it("20 students registering at once for 3 places: exactly 3, the rest join the reserve list in order", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 3 });
    const students = await Promise.all(Array.from({ length: 20 }, () => addStudent(ctx.db, w)));
    const results = await Promise.all(students.map((s) => register(f, s.token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r.json).toEqual({ error: "NO_PLACES_AVAILABLE", message: "No quedan plazas disponibles en este examen" });
    expect((await slotRow(f)).registeredCount).toBe(3);

    const losers = students.filter((_, i) => results[i]!.status !== 201);
    for (const [i, s] of losers.entries()) expect((await backup(f, s.token)).json.position).toBe(i + 1);
    const winner = students[results.findIndex((r) => r.status === 201)]!;
    await withdraw(f, winner.token);
    const rows = await attendanceRows(f);
    expect(rows.find((r) => r.studentId === losers[0]!.student.id)!.status).toBe("registered");
    expect(rows.filter((r) => r.status === "registered")).toHaveLength(3);
    expect(rows.filter((r) => r.status === "backup")).toHaveLength(16);
  });

  it("the row lock, not only the places check, holds the shown limit under concurrency", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 10, visibleLimit: 3 });
    const students = await Promise.all(Array.from({ length: 12 }, () => addStudent(ctx.db, w)));
    const results = await Promise.all(students.map((s) => register(f, s.token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect((await slotRow(f)).registeredCount).toBe(3);
    expect((await attendanceRows(f)).filter((r) => r.status === "registered")).toHaveLength(3);
  });
});

describe("GET /api/student/exam-attendances", () => {
  it("lists the student's registrations with result, licence, date and type; not the reserve list", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 1 });
    const b = await addStudent(ctx.db, w);
    await register(f);
    await backup(f, b.token);
    const res = await get("/student/exam-attendances");
    expect(res.status).toBe(200);
    expect(examResultListSchema.parse(res.json)).toEqual([
      expect.objectContaining({ result: 0, license: { id: w.license.id, name: "B" }, exam: expect.objectContaining({ id: f.examId, type: { id: 3, name: "Circulación" } }) }),
    ]);
    expect((await get("/student/exam-attendances", b.token)).json).toEqual([]);
    expect((await get("/student/exam-attendances", w.instructorToken)).status).toBe(403);
  });
});
