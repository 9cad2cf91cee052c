import { and, asc, count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { capEnrollments } from "../../db/schema/cap";
import { users } from "../../db/schema/core";

export type EnrollmentRow = typeof capEnrollments.$inferSelect & {
  firstName: string;
  surname1: string;
  surname2: string | null;
  dni: string | null;
};

export function listEnrollments(db: DbOrTx, tenantId: string, courseId: string): Promise<EnrollmentRow[]> {
  return db
    .select({
      id: capEnrollments.id,
      tenantId: capEnrollments.tenantId,
      capCourseId: capEnrollments.capCourseId,
      studentId: capEnrollments.studentId,
      enrolledAt: capEnrollments.enrolledAt,
      firstName: users.firstName,
      surname1: users.surname1,
      surname2: users.surname2,
      dni: users.dni,
    })
    .from(capEnrollments)
    .innerJoin(users, eq(users.id, capEnrollments.studentId))
    .where(and(eq(capEnrollments.tenantId, tenantId), eq(capEnrollments.capCourseId, courseId)))
    .orderBy(asc(users.firstName), asc(users.surname1), asc(users.id));
}

export async function listEnrolledStudentIds(db: DbOrTx, tenantId: string, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ studentId: capEnrollments.studentId })
    .from(capEnrollments)
    .where(and(eq(capEnrollments.tenantId, tenantId), eq(capEnrollments.capCourseId, courseId)));
  return rows.map((r) => r.studentId);
}

export async function countEnrollments(db: DbOrTx, tenantId: string, courseId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(capEnrollments)
    .where(and(eq(capEnrollments.tenantId, tenantId), eq(capEnrollments.capCourseId, courseId)));
  return Number(row?.n ?? 0);
}

export async function isEnrolled(db: DbOrTx, tenantId: string, courseId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: capEnrollments.id })
    .from(capEnrollments)
    .where(and(eq(capEnrollments.tenantId, tenantId), eq(capEnrollments.capCourseId, courseId), eq(capEnrollments.studentId, studentId)))
    .limit(1);
  return Boolean(row);
}

export async function insertEnrollment(db: DbOrTx, tenantId: string, courseId: string, studentId: string, now: Date): Promise<string> {
  const [row] = await db
    .insert(capEnrollments)
    .values({ tenantId, capCourseId: courseId, studentId, enrolledAt: now })
    .returning({ id: capEnrollments.id });
  return row!.id;
}

export async function deleteEnrollment(db: DbOrTx, tenantId: string, courseId: string, id: string): Promise<{ studentId: string } | null> {
  const [row] = await db
    .delete(capEnrollments)
    .where(and(eq(capEnrollments.tenantId, tenantId), eq(capEnrollments.capCourseId, courseId), eq(capEnrollments.id, id)))
    .returning({ studentId: capEnrollments.studentId });
  return row ?? null;
}
