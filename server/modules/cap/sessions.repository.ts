import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { capAttendances, capCourses, capSessions } from "../../db/schema/cap";
import { users } from "../../db/schema/core";

export type SessionRow = typeof capSessions.$inferSelect & { courseName: string };
export type AttendanceRow = typeof capAttendances.$inferSelect & {
  firstName: string;
  surname1: string;
  surname2: string | null;
  dni: string | null;
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

export async function listAttendances(db: DbOrTx, tenantId: string, sessionIds: string[]): Promise<AttendanceRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .select({
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
      createdAt: capAttendances.createdAt,
      firstName: users.firstName,
      surname1: users.surname1,
      surname2: users.surname2,
      dni: users.dni,
    })
    .from(capAttendances)
    .innerJoin(users, eq(users.id, capAttendances.studentId))
    .where(and(eq(capAttendances.tenantId, tenantId), inArray(capAttendances.capSessionId, sessionIds)))
    .orderBy(asc(users.firstName), asc(users.surname1), asc(users.id));
}
