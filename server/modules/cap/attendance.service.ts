import { isSessionCurrent, isSessionDay } from "@/lib/cap/attendance";
import { localDateOf } from "@/lib/cap/zoned-time";
import type { Attendance, AttendanceType } from "@/lib/contract/cap";
import type { LivenessProof } from "@/lib/contract/cap-liveness";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, conflict } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { findAttendance, findAttendanceForUpdate, insertAttendance, updateAttendance, type AttendanceRecord } from "./attendance.repository";
import { checkAttendanceFace } from "./biometric-check.service";
import { sessionNotFound, studentNotFound } from "./cap-errors";
import { toAttendance } from "./cap-views";
import { findSession, listAttendances, type SessionRow } from "./sessions.repository";
import { findStudent } from "./students.repository";

type Registration = { capSessionId: string; studentId: string; type: AttendanceType; liveness: LivenessProof };

/**
 * The server's attendance rules (docs/decisions/cap.md): the student must have a row in the session
 * (enrolled when it was created, or added by hand); an entry only while the session is current (its
 * school-local date is today and its end has not passed) and only once; an exit only after the entry,
 * once, on the session's day.
 */
export function checkRules(session: SessionRow, row: AttendanceRecord | null, type: AttendanceType, now: Date, timeZone: string): AttendanceRecord {
  if (!row) throw conflict("STUDENT_NOT_IN_SESSION", "El alumno no está inscrito en esta sesión");
  const times = { start: session.startAt.toISOString(), end: session.endAt.toISOString() };
  if (type === "in") {
    if (row.inAt) throw conflict("ATTENDANCE_ALREADY_REGISTERED", "La entrada ya está registrada");
    if (!isSessionCurrent(times, now, timeZone)) throw conflict("SESSION_NOT_CURRENT", "Solo se puede registrar la entrada durante la sesión en curso");
  } else {
    if (!row.inAt) throw conflict("ATTENDANCE_ENTRY_REQUIRED", "Debe registrarse la entrada antes que la salida");
    if (row.outAt) throw conflict("ATTENDANCE_ALREADY_REGISTERED", "La salida ya está registrada");
    if (!isSessionDay(times, now, timeZone)) throw conflict("SESSION_NOT_CURRENT", "Solo se puede registrar la salida el día de la sesión");
  }
  return row;
}

async function attendanceView(db: Db, tenant: Tenant, sessionId: string, attendanceId: string): Promise<Attendance> {
  const rows = await listAttendances(db, tenant.id, [sessionId]);
  return toAttendance(rows.find((r) => r.id === attendanceId)!);
}

/** Face-verified entry or exit: a live capture (issue 30) is compared with the stored references; no image is kept. */
export async function registerAttendance(db: Db, tenant: Tenant, auth: Auth, body: Registration, now = new Date()): Promise<Attendance> {
  const session = await findSession(db, tenant.id, body.capSessionId);
  if (!session) throw sessionNotFound();
  if (!(await findStudent(db, tenant.id, body.studentId))) throw studentNotFound();
  checkRules(session, await findAttendance(db, tenant.id, session.id, body.studentId), body.type, now, tenant.timeZone);

  const audit = (decision: string, details: Record<string, unknown> = {}) =>
    recordAudit(db, tenant.id, auth, {
      action: "biometric.verification",
      targetType: "user",
      targetId: body.studentId,
      details: { capSessionId: session.id, type: body.type, decision, ...details },
    });

  // Issue 30: a passed liveness challenge for this very registration, then its frames against every reference.
  const check = await checkAttendanceFace(db, tenant, auth, body, body.liveness, now);
  if ("error" in check) {
    await audit(check.decision, check.details);
    throw check.error;
  }
  const { distance, threshold } = check;
  const isMatch = check.decision === "match";

  // The decision, its audit row and the attendance are written together, on the locked attendance row.
  const outcome = await db.transaction(async (tx) => {
    const row = checkRules(session, await findAttendanceForUpdate(tx, tenant.id, session.id, body.studentId), body.type, now, tenant.timeZone);
    await recordAudit(tx, tenant.id, auth, {
      action: "biometric.verification",
      targetType: "user",
      targetId: body.studentId,
      details: { capSessionId: session.id, type: body.type, decision: check.decision, distance, threshold, ...check.details },
    });
    if (!isMatch) return null;
    await updateAttendance(
      tx,
      tenant.id,
      row.id,
      body.type === "in" ? { inAt: now, inMethod: "face", inDistance: distance } : { outAt: now, outMethod: "face", outDistance: distance },
    );
    return row.id;
  });
  if (!outcome) {
    throw new AppError("biometric-mismatch", "Error de verificación biométrica: el rostro no coincide con la referencia", 422);
  }
  return attendanceView(db, tenant, session.id, outcome);
}

type ManualAdd = { capSessionId: string; studentId: string; in?: string | null; out?: string | null };

/** 'Añadir alumno a la sesión': a student not yet in the session, with optional in/out times (audited, no face check). */
export async function addStudentToSession(db: Db, tenant: Tenant, auth: Auth, body: ManualAdd, now = new Date()): Promise<Attendance> {
  const session = await findSession(db, tenant.id, body.capSessionId);
  if (!session) throw sessionNotFound();
  const student = await findStudent(db, tenant.id, body.studentId);
  if (!student) throw studentNotFound();
  if (!student.dni) throw new AppError("STUDENT_WITHOUT_DNI", "El alumno no tiene DNI/NIE registrado", 422);
  const sessionDate = localDateOf(session.startAt, tenant.timeZone);
  for (const time of [body.in, body.out]) {
    if (!time) continue;
    if (localDateOf(time, tenant.timeZone) !== sessionDate) {
      throw new AppError("VALIDATION_ERROR", "Las horas de entrada y salida deben ser del día de la sesión", 422);
    }
    if (Date.parse(time) > now.getTime()) throw new AppError("VALIDATION_ERROR", "No se pueden registrar horas futuras", 422);
  }
  const id = await db.transaction(async (tx) => {
    const inAt = body.in ? new Date(body.in) : null;
    const outAt = body.out ? new Date(body.out) : null;
    const attendanceId = await insertAttendance(tx, tenant.id, {
      capSessionId: session.id,
      studentId: student.id,
      inAt,
      outAt,
      inMethod: inAt ? "manual" : null,
      outMethod: outAt ? "manual" : null,
      inRecordedBy: inAt ? (auth.impersonatorId ?? auth.userId) : null,
      outRecordedBy: outAt ? (auth.impersonatorId ?? auth.userId) : null,
    });
    if (!attendanceId) throw conflict("STUDENT_ALREADY_IN_SESSION", "El alumno ya está en esta sesión");
    await recordAudit(tx, tenant.id, auth, {
      action: "cap.attendance_added_manually",
      targetType: "user",
      targetId: student.id,
      details: { capSessionId: session.id, in: body.in ?? null, out: body.out ?? null },
    });
    return attendanceId;
  });
  return attendanceView(db, tenant, session.id, id);
}
