import { aliasedTable, and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { capAttendances, capCourses, capSessions } from "../../db/schema/cap";
import { users } from "../../db/schema/core";

export type SessionRow = typeof capSessions.$inferSelect & { courseName: string };
export type AttendanceRow = typeof capAttendances.$inferSelect & {
  firstName: string;
  surname1: string;
  surname2: string | null;
  dni: string | null;
  // The administrators who recorded a manual or corrected time, as names.
  inRecordedByName: string | null;
  outRecordedByName: string | null;
};
type SessionValues = { capCourseId: string; sectionId: string; name: string; code: string; startAt: Date; endAt: Date };

const sessionColumns = {
  id: capSessions.id,
  tenantId: capSessions.tenantId,
  capCourseId: capSessions.capCourseId,
  sectionId: capSessions.sectionId,
  name: capSessions.name,
  code: capSessions.code,
  startAt: capSessions.startAt,
  endAt: capSessions.endAt,
  createdAt: capSessions.createdAt,
  courseName: capCourses.name,
};

export function listSessionsByCourse(db: DbOrTx, tenantId: string, courseId: string): Promise<SessionRow[]> {
  return db
    .select(sessionColumns)
    .from(capSessions)
    .innerJoin(capCourses, eq(capCourses.id, capSessions.capCourseId))
    .where(and(eq(capSessions.tenantId, tenantId), eq(capSessions.capCourseId, courseId)))
    .orderBy(asc(capSessions.startAt), asc(capSessions.id));
}

export async function findSession(db: DbOrTx, tenantId: string, id: string): Promise<SessionRow | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(capSessions)
    .innerJoin(capCourses, eq(capCourses.id, capSessions.capCourseId))
    .where(and(eq(capSessions.tenantId, tenantId), eq(capSessions.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertSession(db: DbOrTx, tenantId: string, values: SessionValues): Promise<string> {
  const [row] = await db.insert(capSessions).values({ tenantId, ...values }).returning({ id: capSessions.id });
  return row!.id;
}

export const inRecorder = aliasedTable(users, "in_recorder");
export const outRecorder = aliasedTable(users, "out_recorder");
/** A user's full name in SQL (null when the left join found nobody). */
export const fullNameOf = (u: typeof users): SQL<string | null> =>
  sql<string | null>`nullif(concat_ws(' ', ${u.firstName}, ${u.surname1}, ${u.surname2}), '')`;

/**
 * Every column of an attendance row, its student's name and DNI (join `users`) and the names of the administrators
 * who recorded its times (left joins `inRecorder`, `outRecorder`).
 */
export const attendanceColumns = {
  id: capAttendances.id,
  tenantId: capAttendances.tenantId,
  capSessionId: capAttendances.capSessionId,
  studentId: capAttendances.studentId,
  inAt: capAttendances.inAt,
  outAt: capAttendances.outAt,
  inMethod: capAttendances.inMethod,
  outMethod: capAttendances.outMethod,
  inDistance: capAttendances.inDistance,
  outDistance: capAttendances.outDistance,
  inReason: capAttendances.inReason,
  inNote: capAttendances.inNote,
  inRecordedBy: capAttendances.inRecordedBy,
  outReason: capAttendances.outReason,
  outNote: capAttendances.outNote,
  outRecordedBy: capAttendances.outRecordedBy,
  createdAt: capAttendances.createdAt,
  firstName: users.firstName,
  surname1: users.surname1,
  surname2: users.surname2,
  dni: users.dni,
  inRecordedByName: fullNameOf(inRecorder),
  outRecordedByName: fullNameOf(outRecorder),
};

export async function listAttendances(db: DbOrTx, tenantId: string, sessionIds: string[]): Promise<AttendanceRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .select(attendanceColumns)
    .from(capAttendances)
    .innerJoin(users, eq(users.id, capAttendances.studentId))
    .leftJoin(inRecorder, eq(inRecorder.id, capAttendances.inRecordedBy))
    .leftJoin(outRecorder, eq(outRecorder.id, capAttendances.outRecordedBy))
    .where(and(eq(capAttendances.tenantId, tenantId), inArray(capAttendances.capSessionId, sessionIds)))
    .orderBy(asc(users.firstName), asc(users.surname1), asc(users.id));
}
