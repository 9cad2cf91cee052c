import { eq, sql } from "drizzle-orm";
import { zonedInstant } from "@/lib/cap/zoned-time";
import { attendanceCorrectionListSchema, attendanceSchema } from "@/lib/contract/cap";
import { MAX_CORRECTIONS_PER_ATTENDANCE } from "@/lib/contract/constants/cap";
import { safeErrorSummary } from "@/server/db/pg-errors";
import { capAttendanceCorrections, capAttendances } from "@/server/db/schema/cap";
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

// Issue 30 §4: corrections after the session, with a reason, on an append-only history, read by the Ministry file.
jest.setTimeout(120_000);

let ctx: ApiContext;
let w: Awaited<ReturnType<typeof createCapWorld>>;
let course: Awaited<ReturnType<typeof createCourse>>;
let section: Awaited<ReturnType<typeof createSection>>;
let yesterday: string;
const PASSWORD = "secreto123";

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createCapWorld(ctx.db);
  yesterday = shiftDate(todayIn(w.tenant.timeZone), -1);
  section = await createSection(ctx.db, w.tenant, { authorizationNumber: "CAP-28-7777" });
  course = await createCourse(ctx.db, w.tenant, section);
});
afterAll(() => ctx.close());

const at = (time: string, date = yesterday) => zonedInstant(date, time, w.tenant.timeZone);
const asAdmin = (token = w.adminToken, host = w.tenant.host) => ({ token, host });
const correct = (attendanceId: string, body: object, who = asAdmin()) =>
  ctx.call(`/administrator/cap/cap-attendance/${attendanceId}/correct`, { method: "POST", ...who, body });
const history = (attendanceId: string, who = asAdmin()) => ctx.call(`/administrator/cap/cap-attendance/${attendanceId}/corrections`, who);

/** Yesterday's session 08:00–18:00 with one student who clocked in at 08:05 by face and forgot the exit. */
async function forgottenExit(date = yesterday) {
  const student = await createCapStudent(ctx.db, w.tenant, { firstName: "Howard", surname1: "Wolowitz" });
  const session = await createSession(ctx.db, w.tenant, course, at("08:00", date), at("18:00", date), [student.id]);
  await ctx.db
    .update(capAttendances)
    .set({ inAt: at("08:05", date), inMethod: "face", inDistance: 0.3 })
    .where(eq(capAttendances.capSessionId, session.id));
  const [row] = await ctx.db.select().from(capAttendances).where(eq(capAttendances.capSessionId, session.id));
  return { student, session, attendanceId: row!.id };
}

describe("a correction after the session", () => {
  it("sets a forgotten exit, corrects it again and the entry, keeping every previous value; audited", async () => {
    const { student, attendanceId } = await forgottenExit();
    const first = await correct(attendanceId, { type: "out", time: at("17:30").toISOString(), reason: "Olvidó fichar; confirmado por el profesor", password: PASSWORD });
    expect(first.status).toBe(200);
    const attendance = attendanceSchema.parse(first.json.attendance);
    expect(attendance.out).toBe(at("17:30").toISOString());
    expect(attendance.outRecord).toMatchObject({ method: "correction", reason: null, note: "Olvidó fichar; confirmado por el profesor" });

    expect((await correct(attendanceId, { type: "out", time: at("17:45").toISOString(), reason: "Hora exacta según la hoja de firmas", password: PASSWORD })).status).toBe(200);
    expect((await correct(attendanceId, { type: "in", time: at("08:00").toISOString(), reason: "Llegó puntual; la cámara tardó", password: PASSWORD })).status).toBe(200);

    const list = attendanceCorrectionListSchema.parse((await history(attendanceId)).json);
    expect(list.map((c) => [c.type, c.previous, c.previousRecord?.method ?? null, c.corrected])).toEqual([
      ["out", null, null, at("17:30").toISOString()],
      ["out", at("17:30").toISOString(), "correction", at("17:45").toISOString()],
      ["in", at("08:05").toISOString(), "face", at("08:00").toISOString()],
    ]);
    expect(list[0]!.correctedBy).toBe(`${w.admin.firstName} ${w.admin.surname1}`.trim());
    expect(list[1]!.previousRecord!.note).toBe("Olvidó fichar; confirmado por el profesor");

    const audits = (await listAudit(ctx.db, w.tenant.id, "cap.attendance_corrected")).filter((a) => a.targetId === student.id);
    expect(audits).toHaveLength(3);
    expect(audits.at(-1)).toMatchObject({ actorId: w.admin.id, details: { type: "out", previous: null, corrected: at("17:30").toISOString() } });
  });

  it("the Ministry file uses the corrected times", async () => {
    const { student, session, attendanceId } = await forgottenExit();
    const report = () => ctx.call(`/administrator/cap/cap-sessions/${session.id}/attendance-report`, asAdmin());
    expect((await report()).json.error).toBe("NO_FULFILLED_ATTENDANCES");
    await correct(attendanceId, { type: "out", time: at("16:00").toISOString(), reason: "Salida anotada en papel", password: PASSWORD });
    await correct(attendanceId, { type: "in", time: at("08:15").toISOString(), reason: "Entrada anotada en papel", password: PASSWORD });
    const file = await report();
    expect(file.status).toBe(200);
    const date = yesterday.split("-").reverse().join("/");
    expect(file.text).toBe(`CAP-28-7777;${course.code};${date};${student.dni};08:15;16:00\r\n`);
    const [download] = await listAudit(ctx.db, w.tenant.id, "cap.attendance_report_downloaded");
    expect(download).toMatchObject({ targetId: session.id, details: { lines: 1, manualLines: 1 } });
  });

  it("cannot put an exit before its entry, an entry after its exit, or a time outside the session's bounds (422)", async () => {
    const { attendanceId } = await forgottenExit();
    const body = (type: string, time: string) => ({ type, time: at(time).toISOString(), reason: "Ajuste", password: PASSWORD });
    const cases: [object, string, string][] = [
      [body("out", "18:30"), "ATTENDANCE_TIME_OUT_OF_BOUNDS", "La hora debe estar dentro del horario de la sesión (08:00 - 18:00)"],
      [body("in", "07:59"), "ATTENDANCE_TIME_OUT_OF_BOUNDS", "La hora debe estar dentro del horario de la sesión (08:00 - 18:00)"],
      [body("out", "08:05"), "ATTENDANCE_EXIT_BEFORE_ENTRY", "La hora de salida debe ser posterior a la de entrada (08:05)"],
      [body("out", "08:00"), "ATTENDANCE_EXIT_BEFORE_ENTRY", "La hora de salida debe ser posterior a la de entrada (08:05)"],
      [{ ...body("in", "08:05") }, "VALIDATION_ERROR", "La hora corregida es igual a la registrada"],
    ];
    for (const [request, error, message] of cases) {
      const res = await correct(attendanceId, request);
      expect([res.status, res.json]).toEqual([422, { error, message }]);
    }
    expect((await correct(attendanceId, body("out", "12:00"))).status).toBe(200);
    const late = await correct(attendanceId, body("in", "12:30"));
    expect([late.status, late.json]).toEqual([422, { error: "ATTENDANCE_EXIT_BEFORE_ENTRY", message: "La hora de entrada debe ser anterior a la de salida (12:00)" }]);
    // The bounds are the session's, both included.
    expect((await correct(attendanceId, body("out", "18:00"))).status).toBe(200);
    expect((await correct(attendanceId, body("in", "08:00"))).status).toBe(200);
    expect(attendanceCorrectionListSchema.parse((await history(attendanceId)).json)).toHaveLength(3);
  });

  it("needs an entry before correcting an exit, and a session that has ended", async () => {
    const student = await createCapStudent(ctx.db, w.tenant);
    const empty = await createSession(ctx.db, w.tenant, course, at("08:00"), at("18:00"), [student.id]);
    const [row] = await ctx.db.select().from(capAttendances).where(eq(capAttendances.capSessionId, empty.id));
    const exit = await correct(row!.id, { type: "out", time: at("12:00").toISOString(), reason: "Ajuste", password: PASSWORD });
    expect([exit.status, exit.json.error]).toEqual([409, "ATTENDANCE_ENTRY_REQUIRED"]);
    // A missing entry can be set afterwards.
    expect((await correct(row!.id, { type: "in", time: at("08:30").toISOString(), reason: "La cámara falló y nadie la registró", password: PASSWORD })).status).toBe(200);

    const today = todayIn(w.tenant.timeZone);
    const running = await forgottenExit(today);
    const early = await correct(running.attendanceId, { type: "out", time: at("11:00", today).toISOString(), reason: "Ajuste", password: PASSWORD });
    expect(early.status).toBe(409);
    expect(early.json).toEqual({ error: "SESSION_NOT_FINISHED", message: "Las horas solo se pueden corregir cuando la sesión ha terminado" });
  });

  it("needs a reason and the administrator's password; a refusal changes nothing", async () => {
    const { attendanceId } = await forgottenExit();
    const body = { type: "in", time: at("08:01").toISOString(), password: PASSWORD };
    const noReason = await correct(attendanceId, body);
    expect([noReason.status, noReason.json.error]).toEqual([400, "MISSING_REQUIRED_FIELDS"]);
    const blank = await correct(attendanceId, { ...body, reason: "  " });
    expect([blank.status, blank.json.message]).toEqual([422, "El motivo de la corrección es obligatorio"]);
    const noPassword = await correct(attendanceId, { ...body, reason: "Ajuste", password: undefined });
    expect([noPassword.status, noPassword.json.error]).toEqual([400, "MISSING_REQUIRED_FIELDS"]);
    const wrong = await correct(attendanceId, { ...body, reason: "Ajuste", password: "no-es-esta" });
    expect([wrong.status, wrong.json.error]).toEqual([400, "INVALID_PASSWORD"]);
    const [row] = await ctx.db.select().from(capAttendances).where(eq(capAttendances.id, attendanceId));
    expect(row).toMatchObject({ inAt: at("08:05"), inMethod: "face" });
    expect(await ctx.db.select().from(capAttendanceCorrections).where(eq(capAttendanceCorrections.attendanceId, attendanceId))).toHaveLength(0);
  });

  it(`keeps at most ${MAX_CORRECTIONS_PER_ATTENDANCE} corrections per attendance`, async () => {
    const { attendanceId } = await forgottenExit();
    await ctx.db.insert(capAttendanceCorrections).values(
      Array.from({ length: MAX_CORRECTIONS_PER_ATTENDANCE }, () => ({
        tenantId: w.tenant.id,
        attendanceId,
        type: "in",
        previousAt: at("08:05"),
        newAt: at("08:05"),
        reason: "Ajuste",
        correctedBy: w.admin.id,
      })),
    );
    const res = await correct(attendanceId, { type: "in", time: at("08:10").toISOString(), reason: "Otra más", password: PASSWORD });
    expect([res.status, res.json.error]).toEqual([409, "TOO_MANY_CORRECTIONS"]);
  });

  it("answers 404 to another school's administrator and for unknown ids, 403 to other roles", async () => {
    const { attendanceId } = await forgottenExit();
    const body = { type: "in", time: at("08:01").toISOString(), reason: "Ajuste", password: PASSWORD };
    const foreign = await correct(attendanceId, body, asAdmin(w.otherAdminToken, w.other.host));
    expect([foreign.status, foreign.json.message]).toEqual([404, "Asistencia no encontrada"]);
    expect((await history(attendanceId, asAdmin(w.otherAdminToken, w.other.host))).status).toBe(404);
    expect((await correct("00000000-0000-4000-8000-000000000000", body)).status).toBe(404);
    expect((await correct("no-es-un-id", body)).status).toBe(404);
    expect((await correct(attendanceId, body, asAdmin(w.instructorToken))).status).toBe(403);
    expect((await history(attendanceId, asAdmin(w.studentToken))).status).toBe(403);
  });
});

describe("the history on the database", () => {
  it("refuses to change or delete a correction, yet goes with its student's erasure", async () => {
    const { student, attendanceId } = await forgottenExit();
    expect((await correct(attendanceId, { type: "out", time: at("17:00").toISOString(), reason: "Ajuste", password: PASSWORD })).status).toBe(200);
    const refusal = (query: Promise<unknown>) => query.then(() => "written", (error: unknown) => safeErrorSummary(error));
    const refused = { code: "55000", message: "cap_attendance_corrections is append-only" };
    expect(await refusal(ctx.db.execute(sql`update cap_attendance_corrections set reason = 'otro' where attendance_id = ${attendanceId}`))).toEqual(refused);
    expect(await refusal(ctx.db.execute(sql`delete from cap_attendance_corrections where attendance_id = ${attendanceId}`))).toEqual(refused);
    expect(await ctx.db.select().from(capAttendanceCorrections).where(eq(capAttendanceCorrections.attendanceId, attendanceId))).toHaveLength(1);

    const erased = await ctx.call(`/administrator/students/${student.id}`, { method: "DELETE", ...asAdmin() });
    expect(erased.status).toBe(204);
    expect(await ctx.db.select().from(capAttendanceCorrections).where(eq(capAttendanceCorrections.attendanceId, attendanceId))).toHaveLength(0);
  });

  it("goes with its school when the school is removed", async () => {
    const school = await createCapWorld(ctx.db);
    const schoolCourse = await createCourse(ctx.db, school.tenant, await createSection(ctx.db, school.tenant));
    const student = await createCapStudent(ctx.db, school.tenant);
    const session = await createSession(ctx.db, school.tenant, schoolCourse, at("08:00"), at("18:00"), [student.id]);
    await setAttendance(ctx.db, school.tenant, session.id, student.id, at("09:00"), null);
    const [row] = await ctx.db.select().from(capAttendances).where(eq(capAttendances.capSessionId, session.id));
    await ctx.db.insert(capAttendanceCorrections).values({
      tenantId: school.tenant.id,
      attendanceId: row!.id,
      type: "out",
      newAt: at("17:00"),
      reason: "Ajuste",
      correctedBy: school.admin.id,
    });
    await ctx.db.execute(sql`delete from tenants where id = ${school.tenant.id}`);
    expect(await ctx.db.select().from(capAttendanceCorrections).where(eq(capAttendanceCorrections.tenantId, school.tenant.id))).toHaveLength(0);
  });
});
