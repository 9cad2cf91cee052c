import { isDateInCourse } from "@/lib/cap/sessions";
import { localDateOf } from "@/lib/cap/zoned-time";
import type { CapSession } from "@/lib/contract/cap";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, conflict } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { insertEmptyAttendances } from "./attendance.repository";
import { courseNotFound, sectionNotFound, sessionNotFound } from "./cap-errors";
import { toSession } from "./cap-views";
import { findCourse, lockCourse } from "./courses.repository";
import { listEnrolledStudentIds } from "./enrollments.repository";
import { findSection } from "./sections.repository";
import { findSession, insertSession, listAttendances, listSessionsByCourse } from "./sessions.repository";

type SessionInput = { name: string; code: string | null; sectionId?: string | null; start: string; end: string };

export async function getCourseSessions(db: Db, tenant: Tenant, courseId: string): Promise<CapSession[]> {
  if (!(await findCourse(db, tenant.id, courseId))) throw courseNotFound();
  const sessions = await listSessionsByCourse(db, tenant.id, courseId);
  const attendances = await listAttendances(db, tenant.id, sessions.map((s) => s.id));
  return sessions.map((s) => toSession(s, attendances));
}

export async function loadSession(db: DbOrTx, tenant: Tenant, id: string): Promise<CapSession> {
  const row = await findSession(db, tenant.id, id);
  if (!row) throw sessionNotFound();
  return toSession(row, await listAttendances(db, tenant.id, [row.id]));
}

/**
 * Spec §5: the session's school-local date must lie inside the course period, start and end on the same
 * day, and the course needs enrolments. Everyone enrolled at this moment gets an (empty) attendance row;
 * students enrolled later do not join existing sessions (spec §4).
 */
export async function createSession(db: Db, tenant: Tenant, auth: Auth, courseId: string, body: SessionInput): Promise<CapSession> {
  const course = await findCourse(db, tenant.id, courseId);
  if (!course) throw courseNotFound();
  if (body.sectionId && !(await findSection(db, tenant.id, body.sectionId))) throw sectionNotFound();
  const date = localDateOf(body.start, tenant.timeZone);
  if (!isDateInCourse(date, { start: course.startDate, end: course.endDate })) {
    throw new AppError("SESSION_OUTSIDE_COURSE_PERIOD", "La fecha de la sesión debe estar dentro del periodo del curso", 422);
  }
  if (localDateOf(body.end, tenant.timeZone) !== date) {
    throw new AppError("VALIDATION_ERROR", "La sesión debe empezar y terminar el mismo día", 422);
  }
  const id = await db.transaction(async (tx) => {
    // Locked so that an enrolment running at the same time is either fully in this session or not at all.
    await lockCourse(tx, tenant.id, courseId);
    const studentIds = await listEnrolledStudentIds(tx, tenant.id, courseId);
    if (studentIds.length === 0) {
      throw conflict("COURSE_WITHOUT_ENROLLMENTS", "No se pueden crear sesiones en un curso sin alumnos inscritos");
    }
    const sessionId = await insertSession(tx, tenant.id, {
      capCourseId: courseId,
      sectionId: body.sectionId ?? course.sectionId,
      name: body.name,
      code: body.code ?? course.code,
      startAt: new Date(body.start),
      endAt: new Date(body.end),
    });
    await insertEmptyAttendances(tx, tenant.id, sessionId, studentIds);
    await recordAudit(tx, tenant.id, auth, {
      action: "cap.session_created",
      targetType: "cap_session",
      targetId: sessionId,
      details: { capCourseId: courseId, start: body.start, end: body.end, students: studentIds.length },
    });
    return sessionId;
  });
  return loadSession(db, tenant, id);
}
