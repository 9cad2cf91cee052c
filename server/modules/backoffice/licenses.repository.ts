import { aliasedTable, and, asc, count, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { instructorLicenses } from "../../db/schema/backoffice";
import { users } from "../../db/schema/core";
import { instructorAssignments, licenses, reservations, vehicles } from "../../db/schema/reservations";

export async function listLicensesWithUse(db: DbOrTx, tenantId: string) {
  const [rows, teachers, assigned] = await Promise.all([
    db.select().from(licenses).where(eq(licenses.tenantId, tenantId)).orderBy(asc(licenses.name)),
    db.select().from(instructorLicenses).where(eq(instructorLicenses.tenantId, tenantId)),
    db
      .select({ licenseId: instructorAssignments.licenseId, n: count() })
      .from(instructorAssignments)
      .where(eq(instructorAssignments.tenantId, tenantId))
      .groupBy(instructorAssignments.licenseId),
  ]);
  return rows.map((l) => ({
    id: l.id,
    code: l.code,
    name: l.name,
    instructorIds: teachers.filter((t) => t.licenseId === l.id).map((t) => t.instructorId),
    assignmentCount: assigned.find((a) => a.licenseId === l.id)?.n ?? 0,
  }));
}

export async function findLicense(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db.select().from(licenses).where(and(eq(licenses.tenantId, tenantId), eq(licenses.id, id))).limit(1);
  return row ?? null;
}

export async function findLicensesByIds(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(licenses).where(and(eq(licenses.tenantId, tenantId), inArray(licenses.id, ids)));
}

export async function insertLicense(db: DbOrTx, tenantId: string, code: string, name: string) {
  const [row] = await db.insert(licenses).values({ tenantId, code, name }).onConflictDoNothing().returning();
  return row ?? null;
}

export async function isLicenseInUse(db: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const checks = await Promise.all([
    db.select({ id: reservations.id }).from(reservations).where(and(eq(reservations.tenantId, tenantId), eq(reservations.licenseId, id))).limit(1),
    db.select({ id: instructorAssignments.id }).from(instructorAssignments).where(and(eq(instructorAssignments.tenantId, tenantId), eq(instructorAssignments.licenseId, id))).limit(1),
    db.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.licenseId, id))).limit(1),
  ]);
  return checks.some((rows) => rows.length > 0);
}

export async function deleteLicense(db: DbOrTx, tenantId: string, id: string) {
  await db.delete(licenses).where(and(eq(licenses.tenantId, tenantId), eq(licenses.id, id)));
}

export async function listInstructorLicenseIds(db: DbOrTx, tenantId: string, instructorId: string): Promise<string[]> {
  const rows = await db
    .select({ licenseId: instructorLicenses.licenseId })
    .from(instructorLicenses)
    .where(and(eq(instructorLicenses.tenantId, tenantId), eq(instructorLicenses.instructorId, instructorId)));
  return rows.map((r) => r.licenseId);
}

export async function replaceInstructorLicenses(db: DbOrTx, tenantId: string, instructorId: string, licenseIds: string[]) {
  await db.delete(instructorLicenses).where(and(eq(instructorLicenses.tenantId, tenantId), eq(instructorLicenses.instructorId, instructorId)));
  if (licenseIds.length > 0) {
    await db.insert(instructorLicenses).values(licenseIds.map((licenseId) => ({ tenantId, instructorId, licenseId })));
  }
}

const student = aliasedTable(users, "student");
const instructor = aliasedTable(users, "instructor");

export async function listAssignments(db: DbOrTx, tenantId: string, f: { studentId?: string; instructorId?: string; id?: string }) {
  return db
    .select({
      id: instructorAssignments.id,
      createdAt: instructorAssignments.createdAt,
      student: { id: student.id, firstName: student.firstName, surname1: student.surname1, surname2: student.surname2, isActive: student.isActive },
      instructor: { id: instructor.id, firstName: instructor.firstName, surname1: instructor.surname1, surname2: instructor.surname2, isActive: instructor.isActive },
      license: { id: licenses.id, code: licenses.code, name: licenses.name },
    })
    .from(instructorAssignments)
    .innerJoin(student, eq(student.id, instructorAssignments.studentId))
    .innerJoin(instructor, eq(instructor.id, instructorAssignments.instructorId))
    .innerJoin(licenses, eq(licenses.id, instructorAssignments.licenseId))
    .where(
      and(
        eq(instructorAssignments.tenantId, tenantId),
        f.studentId ? eq(instructorAssignments.studentId, f.studentId) : undefined,
        f.instructorId ? eq(instructorAssignments.instructorId, f.instructorId) : undefined,
        f.id ? eq(instructorAssignments.id, f.id) : undefined,
      ),
    )
    .orderBy(asc(student.firstName), asc(student.surname1), asc(licenses.name));
}

export async function insertAssignment(db: DbOrTx, values: { tenantId: string; studentId: string; instructorId: string; licenseId: string }) {
  const [row] = await db.insert(instructorAssignments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteAssignment(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db
    .delete(instructorAssignments)
    .where(and(eq(instructorAssignments.tenantId, tenantId), eq(instructorAssignments.id, id)))
    .returning();
  return row ?? null;
}
