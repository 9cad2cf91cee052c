import { and, asc, desc, eq, sql } from "drizzle-orm";
import { ROLE_STUDENT } from "@/lib/session/roles";
import type { DbOrTx } from "../../db/client";
import { capAttendances, capCourses, capEnrollments, capSessions } from "../../db/schema/cap";
import { users } from "../../db/schema/core";
import { instructorAssignments, licenses } from "../../db/schema/reservations";

// The student's page reads (issue 31 §2) that no other module has: the student with contact details, the assigned
// instructors with theirs, and the CAP courses with attendance counts.

export type FileStudentRow = Pick<
  typeof users.$inferSelect,
  "id" | "firstName" | "surname1" | "surname2" | "dni" | "username" | "email" | "phone" | "isActive"
>;

/** A student of the school (ROLE_ALUMNO), active or not; null for anyone else. */
export async function findFileStudent(db: DbOrTx, tenantId: string, id: string): Promise<FileStudentRow | null> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      surname1: users.surname1,
      surname2: users.surname2,
      dni: users.dni,
      username: users.username,
      email: users.email,
      phone: users.phone,
      isActive: users.isActive,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id), sql`${ROLE_STUDENT} = any(${users.roles})`))
    .limit(1);
  return row ?? null;
}

export async function isAssignedTo(db: DbOrTx, tenantId: string, studentId: string, instructorId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(instructorAssignments)
    .where(
      and(
        eq(instructorAssignments.tenantId, tenantId),
        eq(instructorAssignments.studentId, studentId),
        eq(instructorAssignments.instructorId, instructorId),
      ),
    )
    .limit(1);
  return !!row;
}

export async function listStudentAssignments(db: DbOrTx, tenantId: string, studentId: string) {
  return db
    .select({
      id: instructorAssignments.id,
      instructor: { id: users.id, firstName: users.firstName, surname1: users.surname1, surname2: users.surname2, phone: users.phone },
      license: { id: licenses.id, code: licenses.code, name: licenses.name },
    })
    .from(instructorAssignments)
    .innerJoin(users, eq(users.id, instructorAssignments.instructorId))
    .innerJoin(licenses, eq(licenses.id, instructorAssignments.licenseId))
    .where(and(eq(instructorAssignments.tenantId, tenantId), eq(instructorAssignments.studentId, studentId)))
    .orderBy(asc(licenses.name), asc(users.firstName), asc(users.surname1));
}

/** The student's CAP courses, latest first, with the course's sessions and those the student entered. */
export async function listCapCourses(db: DbOrTx, tenantId: string, studentId: string, limit: number) {
  return db
    .select({
      courseId: capCourses.id,
      name: capCourses.name,
      code: capCourses.code,
      startDate: capCourses.startDate,
      endDate: capCourses.endDate,
      sessions: sql<number>`(select count(*)::int from ${capSessions} where ${capSessions.capCourseId} = ${capCourses.id})`,
      attended: sql<number>`(select count(*)::int from ${capAttendances} join ${capSessions} s on s.id = ${capAttendances.capSessionId}
        where s.cap_course_id = ${capCourses.id} and ${capAttendances.studentId} = ${studentId} and ${capAttendances.inAt} is not null)`,
    })
    .from(capEnrollments)
    .innerJoin(capCourses, eq(capCourses.id, capEnrollments.capCourseId))
    .where(and(eq(capEnrollments.tenantId, tenantId), eq(capEnrollments.studentId, studentId)))
    .orderBy(desc(capCourses.startDate), desc(capCourses.id))
    .limit(limit);
}
