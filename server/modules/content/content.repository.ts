import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { contentItems } from "../../db/schema/content";
import { instructorAssignments, licenses } from "../../db/schema/reservations";

export type ContentRow = typeof contentItems.$inferSelect;

// The licences a student is assigned (one row per licence even with several instructors).
export async function listStudentLicenses(db: DbOrTx, tenantId: string, studentId: string) {
  const rows = await db
    .selectDistinct({ id: licenses.id, name: licenses.name, code: licenses.code })
    .from(instructorAssignments)
    .innerJoin(licenses, eq(licenses.id, instructorAssignments.licenseId))
    .where(and(eq(instructorAssignments.tenantId, tenantId), eq(instructorAssignments.studentId, studentId)));
  return rows.sort((a, b) => a.code.localeCompare(b.code));
}

export function listByLicenses(db: DbOrTx, tenantId: string, licenseIds: string[]) {
  if (licenseIds.length === 0) return Promise.resolve([] as ContentRow[]);
  return db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.tenantId, tenantId), inArray(contentItems.licenseId, licenseIds)))
    .orderBy(asc(contentItems.position), asc(contentItems.createdAt), asc(contentItems.id));
}

export function listByTenant(db: DbOrTx, tenantId: string) {
  return db
    .select()
    .from(contentItems)
    .where(eq(contentItems.tenantId, tenantId))
    .orderBy(asc(contentItems.position), asc(contentItems.createdAt), asc(contentItems.id));
}

export async function findById(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db.select().from(contentItems).where(and(eq(contentItems.tenantId, tenantId), eq(contentItems.id, id)));
  return row ?? null;
}

export async function findLicense(db: DbOrTx, tenantId: string, licenseId: string) {
  const [row] = await db.select().from(licenses).where(and(eq(licenses.tenantId, tenantId), eq(licenses.id, licenseId)));
  return row ?? null;
}

// The position after the licence's last item (new items go last).
export async function nextPosition(db: DbOrTx, tenantId: string, licenseId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${contentItems.position}) + 1, 0)`.mapWith(Number) })
    .from(contentItems)
    .where(and(eq(contentItems.tenantId, tenantId), eq(contentItems.licenseId, licenseId)));
  return row?.next ?? 0;
}

export async function insert(db: DbOrTx, values: typeof contentItems.$inferInsert) {
  const [row] = await db.insert(contentItems).values(values).returning();
  return row;
}

export async function update(db: DbOrTx, tenantId: string, id: string, values: Partial<Pick<ContentRow, "name" | "position">>) {
  const [row] = await db
    .update(contentItems)
    .set(values)
    .where(and(eq(contentItems.tenantId, tenantId), eq(contentItems.id, id)))
    .returning();
  return row ?? null;
}

export async function remove(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db
    .delete(contentItems)
    .where(and(eq(contentItems.tenantId, tenantId), eq(contentItems.id, id)))
    .returning();
  return row ?? null;
}

// The licence's items in the students' order, row-locked: one reorder of a licence at a time.
export function lockLicenseItems(db: DbOrTx, tenantId: string, licenseId: string) {
  return db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.tenantId, tenantId), eq(contentItems.licenseId, licenseId)))
    .orderBy(asc(contentItems.position), asc(contentItems.createdAt), asc(contentItems.id))
    .for("update");
}

export async function lockById(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.tenantId, tenantId), eq(contentItems.id, id)))
    .for("update");
  return row ?? null;
}
