import { checkTypedTime } from "@/lib/cap/attendance-records";
import type { Attendance, AttendanceType } from "@/lib/contract/cap";
import type { ManualReason } from "@/lib/contract/constants/cap";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { confirmPassword } from "../auth/password-confirmation";
import { findAttendance, findAttendanceForUpdate, updateAttendance, type AttendanceRecord } from "./attendance.repository";
import { checkRules } from "./attendance.service";
import { sessionNotFound, studentNotFound } from "./cap-errors";
import { toAttendance } from "./cap-views";
import { findSession, listAttendances, type SessionRow } from "./sessions.repository";
import { findStudent } from "./students.repository";

export type ManualRegistration = {
  capSessionId: string;
  studentId: string;
  type: AttendanceType;
  reason: ManualReason;
  note: string | null;
  at?: string | null;
  password: string;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The live rules of a capture, plus, for a time typed by hand, the session's bounds and not later than now. */
function checkManual(session: SessionRow, row: AttendanceRecord | null, body: ManualRegistration, now: Date, timeZone: string): AttendanceRecord {
  const current = checkRules(session, row, body.type, now, timeZone);
  if (!body.at) return current;
  if (Date.parse(body.at) > now.getTime()) throw new AppError("VALIDATION_ERROR", "No se pueden registrar horas futuras", 422);
  const error = checkTypedTime(
    body.type,
    body.at,
    { start: session.startAt.toISOString(), end: session.endAt.toISOString() },
    { in: iso(current.inAt), out: iso(current.outAt) },
    timeZone,
  );
  if (error) throw new AppError(error.code, error.message, 422);
  return current;
}

/**
 * The office's fallback when the face cannot be verified (issue 30 §3): an entry or exit by hand, with a reason from
 * the list and the administrator's password typed again, stored as method 'manual' with its reason and administrator,
 * and audited. Same rules as a capture (the row exists, no second entry or exit, the session's day); the time is now,
 * or the one given (a forgotten exit) within the session's bounds.
 */
export async function registerManualAttendance(db: Db, tenant: Tenant, auth: Auth, body: ManualRegistration, now = new Date()): Promise<Attendance> {
  const session = await findSession(db, tenant.id, body.capSessionId);
  if (!session) throw sessionNotFound();
  if (!(await findStudent(db, tenant.id, body.studentId))) throw studentNotFound();
  checkManual(session, await findAttendance(db, tenant.id, session.id, body.studentId), body, now, tenant.timeZone);
  await confirmPassword(db, tenant, auth, body.password, "cap-manual-attendance", now);

  const actor = auth.impersonatorId ?? auth.userId;
  const at = body.at ? new Date(body.at) : now;
  const id = await db.transaction(async (tx) => {
    const row = checkManual(session, await findAttendanceForUpdate(tx, tenant.id, session.id, body.studentId), body, now, tenant.timeZone);
    await updateAttendance(
      tx,
      tenant.id,
      row.id,
      body.type === "in"
        ? { inAt: at, inMethod: "manual", inReason: body.reason, inNote: body.note, inRecordedBy: actor, inDistance: null }
        : { outAt: at, outMethod: "manual", outReason: body.reason, outNote: body.note, outRecordedBy: actor, outDistance: null },
    );
    await recordAudit(tx, tenant.id, auth, {
      action: "cap.attendance_manual_registered",
      targetType: "user",
      targetId: body.studentId,
      details: { capSessionId: session.id, attendanceId: row.id, type: body.type, at: at.toISOString(), reason: body.reason, note: body.note },
    });
    return row.id;
  });
  const rows = await listAttendances(db, tenant.id, [session.id]);
  return toAttendance(rows.find((r) => r.id === id)!);
}
