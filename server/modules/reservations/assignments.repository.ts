import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import { instructorAssignments, licenses } from "../../db/schema/reservations";

const instructor = alias(users, "instructor");
const student = alias(users, "student");

const columns = {
  id: instructorAssignments.id,
  studentId: instructorAssignments.studentId,
  instructorId: instructorAssignments.instructorId,
  instructorFirstName: instructor.firstName,
  instructorIsActive: instructor.isActive,
  student: { firstName: student.firstName, surname1: student.surname1, surname2: student.surname2, dni: student.dni },
  license: { id: licenses.id, code: licenses.code, name: licenses.name },
};

function baseQuery(db: DbOrTx) {
  return db
    .select(columns)
    .from(instructorAssignments)
    .innerJoin(instructor, eq(instructor.id, instructorAssignments.instructorId))
    .innerJoin(student, eq(student.id, instructorAssignments.studentId))
    .innerJoin(licenses, eq(licenses.id, instructorAssignments.licenseId));
}

export type AssignmentView = Awaited<ReturnType<typeof listAssignments>>[number];

export async function listAssignments(db: DbOrTx, tenantId: string, who: { studentId?: string; instructorId?: string }) {
  return baseQuery(db)
    .where(
      and(
        eq(instructorAssignments.tenantId, tenantId),
        who.studentId ? eq(instructorAssignments.studentId, who.studentId) : undefined,
        who.instructorId ? eq(instructorAssignments.instructorId, who.instructorId) : undefined,
      ),
    )
    .orderBy(asc(licenses.name), asc(instructor.firstName));
}

export async function findAssignment(
  db: DbOrTx,
  tenantId: string,
  studentId: string,
  instructorId: string,
  licenseId?: string,
): Promise<AssignmentView | null> {
  const [row] = await baseQuery(db)
    .where(
      and(
        eq(instructorAssignments.tenantId, tenantId),
        eq(instructorAssignments.studentId, studentId),
        eq(instructorAssignments.instructorId, instructorId),
        licenseId ? eq(instructorAssignments.licenseId, licenseId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}
