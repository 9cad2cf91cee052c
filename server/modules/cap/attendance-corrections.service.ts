import { checkTypedTime, isSessionFinished } from "@/lib/cap/attendance-records";
import type { Attendance, AttendanceCorrection, AttendanceType } from "@/lib/contract/cap";
import { MAX_CORRECTIONS_PER_ATTENDANCE, RECORD_ERRORS, type AttendanceMethod, type ManualReason } from "@/lib/contract/constants/cap";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { confirmPassword } from "../auth/password-confirmation";
import type { AttendanceRecord } from "./attendance.repository";
import { updateAttendance } from "./attendance.repository";
import { countCorrections, findAttendanceById, insertCorrection, listCorrections, lockAttendanceById } from "./attendance-records.repository";
import { toAttendance } from "./cap-views";
import { findSession, listAttendances, type SessionRow } from "./sessions.repository";

export type Correction = { type: AttendanceType; time: string; reason: string; password: string };

const attendanceNotFound = () => notFound("Asistencia no encontrada");
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Once the session has ended, and within its bounds: an exit after the entry (an exit needs an entry), an entry
 * before the exit, a time different from the one it replaces, at most MAX_CORRECTIONS_PER_ATTENDANCE in all.
 */
function checkCorrection(session: SessionRow, row: AttendanceRecord, body: Correction, corrections: number, now: Date, timeZone: string): void {
  const times = { start: session.startAt.toISOString(), end: session.endAt.toISOString() };
  if (!isSessionFinished(times, now)) {
    throw conflict(RECORD_ERRORS.sessionNotFinished, "Las horas solo se pueden corregir cuando la sesión ha terminado");
  }
  if (corrections >= MAX_CORRECTIONS_PER_ATTENDANCE) {
    throw conflict(RECORD_ERRORS.tooManyCorrections, `Esta asistencia ya tiene ${MAX_CORRECTIONS_PER_ATTENDANCE} correcciones: no se admiten más`);
  }
  if (body.type === "out" && !row.inAt) throw conflict("ATTENDANCE_ENTRY_REQUIRED", "Debe registrarse la entrada antes que la salida");
  const error = checkTypedTime(body.type, body.time, times, { in: iso(row.inAt), out: iso(row.outAt) }, timeZone);
  if (error) throw new AppError(error.code, error.message, 422);
  const current = body.type === "in" ? row.inAt : row.outAt;
  if (current && current.getTime() === Date.parse(body.time)) {
    throw new AppError("VALIDATION_ERROR", "La hora corregida es igual a la registrada", 422);
  }
}

async function loadForCorrection(db: Db, tenant: Tenant, attendanceId: string): Promise<{ row: AttendanceRecord; session: SessionRow }> {
  const row = await findAttendanceById(db, tenant.id, attendanceId);
  if (!row) throw attendanceNotFound();
  const session = await findSession(db, tenant.id, row.capSessionId);
  if (!session) throw attendanceNotFound();
  return { row, session };
}

/**
 * An entry or exit changed after the session (issue 30 §4), with a reason and the administrator's password: the value
 * it replaces goes to the append-only history (the first row of which keeps the original), the attendance row takes
 * the new time (method 'correction', the reason as its note), and the Ministry file reads it from there. Audited.
 */
export async function correctAttendance(db: Db, tenant: Tenant, auth: Auth, attendanceId: string, body: Correction, now = new Date()): Promise<Attendance> {
  const { row, session } = await loadForCorrection(db, tenant, attendanceId);
  checkCorrection(session, row, body, await countCorrections(db, tenant.id, row.id), now, tenant.timeZone);
  await confirmPassword(db, tenant, auth, body.password, "cap-attendance-correction", now);

  const actor = auth.impersonatorId ?? auth.userId;
  const time = new Date(body.time);
  await db.transaction(async (tx) => {
    const locked = await lockAttendanceById(tx, tenant.id, row.id);
    if (!locked) throw attendanceNotFound();
    checkCorrection(session, locked, body, await countCorrections(tx, tenant.id, row.id), now, tenant.timeZone);
    const isIn = body.type === "in";
    const previous = isIn
      ? { at: locked.inAt, method: locked.inMethod, reason: locked.inReason, note: locked.inNote, recordedBy: locked.inRecordedBy }
      : { at: locked.outAt, method: locked.outMethod, reason: locked.outReason, note: locked.outNote, recordedBy: locked.outRecordedBy };
    await insertCorrection(tx, tenant.id, {
      attendanceId: row.id,
      type: body.type,
      previousAt: previous.at,
      previousMethod: previous.at ? previous.method : null,
      previousReason: previous.at ? previous.reason : null,
      previousNote: previous.at ? previous.note : null,
      previousRecordedBy: previous.at ? previous.recordedBy : null,
      newAt: time,
      reason: body.reason,
      correctedBy: actor,
    });
    await updateAttendance(
      tx,
      tenant.id,
      row.id,
      isIn
        ? { inAt: time, inMethod: "correction", inReason: null, inNote: body.reason, inRecordedBy: actor, inDistance: null }
        : { outAt: time, outMethod: "correction", outReason: null, outNote: body.reason, outRecordedBy: actor, outDistance: null },
    );
    await recordAudit(tx, tenant.id, auth, {
      action: "cap.attendance_corrected",
      targetType: "user",
      targetId: row.studentId,
      details: {
        capSessionId: session.id,
        attendanceId: row.id,
        type: body.type,
        previous: iso(previous.at),
        corrected: time.toISOString(),
        reason: body.reason,
      },
    });
  });
  const rows = await listAttendances(db, tenant.id, [session.id]);
  return toAttendance(rows.find((r) => r.id === row.id)!);
}

/** The attendance's corrections, oldest first: the first one's `previous` is the time as first recorded. */
export async function getCorrections(db: Db, tenant: Tenant, attendanceId: string): Promise<AttendanceCorrection[]> {
  if (!(await findAttendanceById(db, tenant.id, attendanceId))) throw attendanceNotFound();
  const rows = await listCorrections(db, tenant.id, attendanceId);
  return rows.map((c) => ({
    id: c.id,
    type: c.type as AttendanceType,
    previous: iso(c.previousAt),
    previousRecord: c.previousAt
      ? {
          method: (c.previousMethod ?? "manual") as AttendanceMethod,
          reason: c.previousReason as ManualReason | null,
          note: c.previousNote,
          recordedBy: c.previousRecordedByName,
        }
      : null,
    corrected: c.newAt.toISOString(),
    reason: c.reason,
    correctedBy: c.correctedByName,
    createdAt: c.createdAt.toISOString(),
  }));
}
