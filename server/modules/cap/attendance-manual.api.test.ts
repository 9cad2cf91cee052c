import { and, eq, like } from "drizzle-orm";
import { zonedInstant } from "@/lib/cap/zoned-time";
import { attendanceSchema, capSessionSchema, studentAttendanceListSchema } from "@/lib/contract/cap";
import { NEXT_CURSOR_HEADER } from "@/lib/contract/constants/paging";
import { capAttendances } from "@/server/db/schema/cap";
import { authThrottle } from "@/server/db/schema/core";
import { listAudit } from "@/server/modules/audit/audit.repository";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import {
  createCapStudent,
  createCapWorld,
  createCourse,
  createSection,
  createSession,
  setAttendance,
  shiftDate,
  todayIn,
} from "@/tests/fixtures/cap-factories";
import { createUser, tokenFor } from "@/tests/fixtures/factories";

// Issue 30 §3: the office's fallback when the face cannot be verified (no face engine involved).
jest.setTimeout(120_000);

let ctx: ApiContext;
let w: Awaited<ReturnType<typeof createCapWorld>>;
let course: Awaited<ReturnType<typeof createCourse>>;
let today: string;
const PASSWORD = "secreto123"; // the factories' default

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createCapWorld(ctx.db);
  today = todayIn(w.tenant.timeZone);
  course = await createCourse(ctx.db, w.tenant, await createSection(ctx.db, w.tenant));
});
afterAll(() => ctx.close());

const at = (time: string, date = today) => zonedInstant(date, time, w.tenant.timeZone);
const asAdmin = (token = w.adminToken, host = w.tenant.host) => ({ token, host });
const manual = (body: object, who = asAdmin()) => ctx.call("/administrator/cap/cap-attendance/manual", { method: "POST", ...who, body });
const rowOf = async (sessionId: string) => (await ctx.db.select().from(capAttendances).where(eq(capAttendances.capSessionId, sessionId)))[0]!;

/** A student in a session of `date` (today by default), 08:00–18:00 school time. */
async function studentInSession(date = today) {
  const student = await createCapStudent(ctx.db, w.tenant, { firstName: "Rajesh", surname1: "Koothrappali" });
  const session = await createSession(ctx.db, w.tenant, course, at("08:00", date), at("18:00", date), [student.id]);
  return { student, session };
}

describe("an entry or exit by hand", () => {
  it("records the entry with its reason and the administrator, shows it as manual in the session, and audits it", async () => {
    const { student, session } = await studentInSession();
    const res = await manual({ capSessionId: session.id, studentId: student.id, type: "in", reason: "camera-unavailable", password: PASSWORD });
    expect(res.status).toBe(200);
    const attendance = attendanceSchema.parse(res.json.attendance);
    expect(Date.now() - Date.parse(attendance.in!)).toBeLessThan(60_000);
    expect(attendance.inRecord).toEqual({ method: "manual", reason: "camera-unavailable", note: null, recordedBy: `${w.admin.firstName} ${w.admin.surname1}`.trim() });
    expect(attendance.out).toBeNull();

    const detail = capSessionSchema.parse((await ctx.call(`/administrator/cap/cap-sessions/${session.id}`, asAdmin())).json);
    expect(detail.attendances[0]!.inRecord).toMatchObject({ method: "manual", reason: "camera-unavailable" });
    expect(await rowOf(session.id)).toMatchObject({ inMethod: "manual", inReason: "camera-unavailable", inRecordedBy: w.admin.id, inDistance: null });

    const [audit] = (await listAudit(ctx.db, w.tenant.id, "cap.attendance_manual_registered")).filter((a) => a.targetId === student.id);
    expect(audit).toMatchObject({ actorId: w.admin.id, details: { capSessionId: session.id, type: "in", reason: "camera-unavailable" } });
  });

  it("needs a reason from the list, and the text of 'Otro'", async () => {
    const { student, session } = await studentInSession();
    const base = { capSessionId: session.id, studentId: student.id, type: "in", password: PASSWORD };
    const missing = await manual(base);
    expect(missing.status).toBe(422);
    expect(missing.json).toMatchObject({ error: "VALIDATION_ERROR", message: "Elige el motivo" });
    const unknown = await manual({ ...base, reason: "me-apetece" });
    expect(unknown.status).toBe(422);
    expect(unknown.json.message).toBe("Elige el motivo");
    const other = await manual({ ...base, reason: "other", note: "   " });
    expect(other.status).toBe(422);
    expect(other.json).toMatchObject({ error: "VALIDATION_ERROR", message: "Describe el motivo" });
    const forgotEntry = await manual({ ...base, reason: "forgot-exit" });
    expect(forgotEntry.status).toBe(422);
    expect((await rowOf(session.id)).inAt).toBeNull();

    const ok = await manual({ ...base, reason: "other", note: "El alumno llegó con la cara vendada" });
    expect(ok.status).toBe(200);
    expect(ok.json.attendance.inRecord).toMatchObject({ method: "manual", reason: "other", note: "El alumno llegó con la cara vendada" });
  });

  it("refuses a wrong password, counts it like a sign-in's, and backs off after five", async () => {
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Bernadette" });
    const who = asAdmin(await tokenFor(admin, w.tenant));
    const { student, session } = await studentInSession();
    const body = { capSessionId: session.id, studentId: student.id, type: "in", reason: "face-failed" };
    for (let i = 1; i <= 5; i++) {
      const wrong = await manual({ ...body, password: `mala-${i}` }, who);
      expect(wrong.status).toBe(400);
      expect(wrong.json).toEqual({ error: "INVALID_PASSWORD", message: "La contraseña no es correcta" });
    }
    const [throttle] = await ctx.db.select().from(authThrottle).where(like(authThrottle.key, `${w.tenant.id}:user:${admin.id}:confirm`));
    expect(throttle).toMatchObject({ failures: 5 });
    expect(throttle!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    const locked = await manual({ ...body, password: PASSWORD }, who);
    expect(locked.status).toBe(429);
    expect(locked.json.error).toBe("TOO_MANY_ATTEMPTS");
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await rowOf(session.id)).inAt).toBeNull();
    expect((await listAudit(ctx.db, w.tenant.id, "auth.password_confirmation_failed")).filter((a) => a.actorId === admin.id)).toHaveLength(5);
    // Its own counter: the administrator's sign-in is not locked by it.
    const login = await ctx.call("/login", { method: "POST", host: w.tenant.host, body: { username: admin.username, password: PASSWORD } });
    expect(login.status).toBe(200);
  });

  it("takes a forgotten exit at the time given, within the session's bounds and after the entry", async () => {
    const { student, session } = await studentInSession();
    await setAttendance(ctx.db, w.tenant, session.id, student.id, at("09:00"), null);
    const exit = (time: string, extra = {}) =>
      manual({ capSessionId: session.id, studentId: student.id, type: "out", reason: "forgot-exit", at: time, password: PASSWORD, ...extra });

    const early = await exit(at("07:30").toISOString());
    expect(early.status).toBe(422);
    expect(early.json).toEqual({ error: "ATTENDANCE_TIME_OUT_OF_BOUNDS", message: "La hora debe estar dentro del horario de la sesión (08:00 - 18:00)" });
    const beforeEntry = await exit(at("08:30").toISOString());
    expect(beforeEntry.status).toBe(422);
    expect(beforeEntry.json).toEqual({ error: "ATTENDANCE_EXIT_BEFORE_ENTRY", message: "La hora de salida debe ser posterior a la de entrada (09:00)" });
    const future = await exit(new Date(Date.now() + 10 * 60_000).toISOString());
    expect(future.status).toBe(422);
    expect(future.json.message).toBe("No se pueden registrar horas futuras");

    const ok = await exit(at("10:00").toISOString());
    expect(ok.status).toBe(200);
    expect(ok.json.attendance.out).toBe(at("10:00").toISOString());
    expect(ok.json.attendance.outRecord).toMatchObject({ method: "manual", reason: "forgot-exit" });
  });

  it("keeps the rules of a capture: once, exit after an entry, on the session's day, for a student in the session", async () => {
    const { student, session } = await studentInSession();
    const body = { capSessionId: session.id, studentId: student.id, reason: "face-failed", password: PASSWORD };
    expect((await manual({ ...body, type: "out" })).json.error).toBe("ATTENDANCE_ENTRY_REQUIRED");
    expect((await manual({ ...body, type: "in" })).status).toBe(200);
    const again = await manual({ ...body, type: "in" });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("ATTENDANCE_ALREADY_REGISTERED");

    const past = await studentInSession(shiftDate(today, -1));
    const late = await manual({ ...body, capSessionId: past.session.id, studentId: past.student.id, type: "in" });
    expect(late.status).toBe(409);
    expect(late.json.error).toBe("SESSION_NOT_CURRENT");
    const outsider = await createCapStudent(ctx.db, w.tenant);
    expect((await manual({ ...body, studentId: outsider.id, type: "in" })).json.error).toBe("STUDENT_NOT_IN_SESSION");
  });

  it("answers 404 to another school's administrator and 403 to other roles; nothing is written", async () => {
    const { student, session } = await studentInSession();
    const body = { capSessionId: session.id, studentId: student.id, type: "in", reason: "face-failed", password: PASSWORD };
    const foreign = await manual(body, asAdmin(w.otherAdminToken, w.other.host));
    expect(foreign.status).toBe(404);
    expect(foreign.json.message).toBe("Sesión no encontrada");
    expect((await manual(body, asAdmin(w.instructorToken))).status).toBe(403);
    expect((await manual(body, asAdmin(w.studentToken))).status).toBe(403);
    expect((await rowOf(session.id)).inAt).toBeNull();
  });
});

describe("the spec's manual add keeps working", () => {
  it("adds a student not yet in the session with times (shown as manual, no reason), and still answers 409 for one already in it", async () => {
    const { student, session } = await studentInSession();
    const visitor = await createCapStudent(ctx.db, w.tenant);
    const added = await ctx.call("/administrator/cap/cap-attendance", {
      method: "POST",
      ...asAdmin(),
      body: { capSessionId: session.id, studentId: visitor.id, in: at("08:10").toISOString(), out: at("09:10").toISOString() },
    });
    expect(added.status).toBe(201);
    expect(added.json.inRecord).toEqual({ method: "manual", reason: null, note: null, recordedBy: `${w.admin.firstName} ${w.admin.surname1}`.trim() });
    const again = await ctx.call("/administrator/cap/cap-attendance", { method: "POST", ...asAdmin(), body: { capSessionId: session.id, studentId: student.id } });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("STUDENT_ALREADY_IN_SESSION");
  });
});

describe("the student's record", () => {
  it("lists the student's sessions newest first with how each time was recorded, a page at a time", async () => {
    const student = await createCapStudent(ctx.db, w.tenant);
    const older = await createSession(ctx.db, w.tenant, course, at("08:00", shiftDate(today, -2)), at("18:00", shiftDate(today, -2)), [student.id]);
    const newer = await createSession(ctx.db, w.tenant, course, at("08:00"), at("18:00"), [student.id]);
    await setAttendance(ctx.db, w.tenant, older.id, student.id, at("08:00", shiftDate(today, -2)), at("17:00", shiftDate(today, -2)));
    expect((await manual({ capSessionId: newer.id, studentId: student.id, type: "in", reason: "face-failed", password: PASSWORD })).status).toBe(200);

    const path = `/administrator/students/${student.id}/cap-attendances`;
    const first = await ctx.call(`${path}?limit=1`, asAdmin());
    expect(first.status).toBe(200);
    const [latest] = studentAttendanceListSchema.parse(first.json);
    expect(latest).toMatchObject({ capSessionId: newer.id, courseName: course.name, attendance: { inRecord: { method: "manual", reason: "face-failed" } } });
    const cursor = first.headers.get(NEXT_CURSOR_HEADER);
    expect(cursor).toBeTruthy();
    const second = await ctx.call(`${path}?limit=1&cursor=${cursor}`, asAdmin());
    expect(second.json.map((r: { capSessionId: string }) => r.capSessionId)).toEqual([older.id]);
    expect(second.headers.get(NEXT_CURSOR_HEADER)).toBeNull();

    expect((await ctx.call(`${path}?cursor=basura`, asAdmin())).status).toBe(422);
    expect((await ctx.call(path, asAdmin(w.otherAdminToken, w.other.host))).status).toBe(404);
    expect((await ctx.call(path, asAdmin(w.instructorToken))).status).toBe(403);
    const rows = await ctx.db.select().from(capAttendances).where(and(eq(capAttendances.studentId, student.id)));
    expect(rows).toHaveLength(2);
  });
});
