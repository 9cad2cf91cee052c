import { aliasedTable, and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
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

export type AssignmentFilter = {
  studentId?: string;
  instructorId?: string;
  id?: string;
  /** Folded words (cap-sql foldText): all in the student's name or DNI, all in the instructor's, or all in the licence's name. */
  words?: string[];
  /** After this row, newest first: its created_at as PostgreSQL writes it (to the microsecond) and its id. */
  before?: { at: string; id: string };
  limit: number;
};

// Newest first, at most `limit`. Two steps, so a page costs the same at any depth: the page's ids straight from the
// index instructor_assignments_tenant_created_idx (migration 0015), each search word checked against hashed sets
// of matching students, instructors and licences; then the names of those rows only.
export async function listAssignments(db: DbOrTx, tenantId: string, f: AssignmentFilter) {
  // All the words in the student's name or DNI, or all in the instructor's, or all in the licence's name.
  const words = f.words ?? [];
  const allIn = (column: SQL) => sql.join(words.map((w) => sql`position(${w} in ${column}) > 0`), sql` and `);
  const matching = sql`(
    ${instructorAssignments.studentId} in (select u.id from users u where u.tenant_id = ${tenantId} and ${allIn(sql`u.search_text`)})
    or ${instructorAssignments.instructorId} in (select u.id from users u where u.tenant_id = ${tenantId} and ${allIn(sql`u.search_text`)})
    or ${instructorAssignments.licenseId} in (select l.id from licenses l where l.tenant_id = ${tenantId} and ${allIn(sql`lower(l.name)`)})
  )`;
  const page = await db
    .select({
      id: instructorAssignments.id,
      // The exact instant as text: a JavaScript Date keeps milliseconds only, the cursor needs all six digits.
      at: sql<string>`to_char(${instructorAssignments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(instructorAssignments)
    .where(
      and(
        eq(instructorAssignments.tenantId, tenantId),
        f.studentId ? eq(instructorAssignments.studentId, f.studentId) : undefined,
        f.instructorId ? eq(instructorAssignments.instructorId, f.instructorId) : undefined,
        f.id ? eq(instructorAssignments.id, f.id) : undefined,
        words.length > 0 ? matching : undefined,
        f.before ? sql`(${instructorAssignments.createdAt}, ${instructorAssignments.id}) < (${f.before.at}::timestamptz, ${f.before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(instructorAssignments.createdAt), desc(instructorAssignments.id))
    .limit(f.limit);
  if (page.length === 0) return [];
  const rows = await db
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
    .where(and(eq(instructorAssignments.tenantId, tenantId), inArray(instructorAssignments.id, page.map((p) => p.id))));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return page.flatMap((p) => {
    const row = byId.get(p.id);
    return row ? [{ ...row, at: p.at }] : [];
  });
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
