import { and, asc, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { capCourses, sections } from "../../db/schema/cap";

export type CourseRow = typeof capCourses.$inferSelect & { sectionName: string };
type CourseValues = { name: string; code: string; sectionId: string; startDate: string; endDate: string };

const courseColumns = {
  id: capCourses.id,
  tenantId: capCourses.tenantId,
  sectionId: capCourses.sectionId,
  name: capCourses.name,
  code: capCourses.code,
  startDate: capCourses.startDate,
  endDate: capCourses.endDate,
  createdAt: capCourses.createdAt,
  sectionName: sections.name,
};

export function listCourses(db: DbOrTx, tenantId: string): Promise<CourseRow[]> {
  return db
    .select(courseColumns)
    .from(capCourses)
    .innerJoin(sections, eq(sections.id, capCourses.sectionId))
    .where(eq(capCourses.tenantId, tenantId))
    .orderBy(desc(capCourses.startDate), asc(capCourses.name), asc(capCourses.id));
}

export async function findCourse(db: DbOrTx, tenantId: string, id: string): Promise<CourseRow | null> {
  const [row] = await db
    .select(courseColumns)
    .from(capCourses)
    .innerJoin(sections, eq(sections.id, capCourses.sectionId))
    .where(and(eq(capCourses.tenantId, tenantId), eq(capCourses.id, id)))
    .limit(1);
  return row ?? null;
}

/** Locks the course row: enrolments and session creation of one course run one at a time. */
export async function lockCourse(tx: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: capCourses.id })
    .from(capCourses)
    .where(and(eq(capCourses.tenantId, tenantId), eq(capCourses.id, id)))
    .for("update");
  return rows.length > 0;
}

export async function insertCourse(db: DbOrTx, tenantId: string, values: CourseValues): Promise<string> {
  const [row] = await db.insert(capCourses).values({ tenantId, ...values }).returning({ id: capCourses.id });
  return row!.id;
}
