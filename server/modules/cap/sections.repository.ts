import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { capCourses, capSessions, sections } from "../../db/schema/cap";

export type SectionRow = typeof sections.$inferSelect;
type SectionValues = { name: string; authorizationNumber: string | null };

export function listSections(db: DbOrTx, tenantId: string): Promise<SectionRow[]> {
  return db.select().from(sections).where(eq(sections.tenantId, tenantId)).orderBy(asc(sections.name), asc(sections.id));
}

export async function findSection(db: DbOrTx, tenantId: string, id: string): Promise<SectionRow | null> {
  const [row] = await db.select().from(sections).where(and(eq(sections.tenantId, tenantId), eq(sections.id, id))).limit(1);
  return row ?? null;
}

export async function insertSection(db: DbOrTx, tenantId: string, values: SectionValues): Promise<SectionRow> {
  const [row] = await db.insert(sections).values({ tenantId, ...values }).returning();
  return row!;
}

export async function updateSection(db: DbOrTx, tenantId: string, id: string, values: SectionValues): Promise<SectionRow | null> {
  const [row] = await db
    .update(sections)
    .set(values)
    .where(and(eq(sections.tenantId, tenantId), eq(sections.id, id)))
    .returning();
  return row ?? null;
}

export async function isSectionInUse(db: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const [course] = await db
    .select({ id: capCourses.id })
    .from(capCourses)
    .where(and(eq(capCourses.tenantId, tenantId), eq(capCourses.sectionId, id)))
    .limit(1);
  if (course) return true;
  const [session] = await db
    .select({ id: capSessions.id })
    .from(capSessions)
    .where(and(eq(capSessions.tenantId, tenantId), eq(capSessions.sectionId, id)))
    .limit(1);
  return Boolean(session);
}

export async function deleteSection(db: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(sections)
    .where(and(eq(sections.tenantId, tenantId), eq(sections.id, id)))
    .returning({ id: sections.id });
  return rows.length > 0;
}
