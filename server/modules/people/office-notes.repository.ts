import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import { officeNotes } from "../../db/schema/people";

export type OfficeNoteRow = typeof officeNotes.$inferSelect;

/** A student's notes, newest first (bounded: OFFICE_NOTES_MAX_PER_STUDENT). */
export async function listNotes(db: DbOrTx, tenantId: string, studentId: string, limit: number): Promise<OfficeNoteRow[]> {
  return db
    .select()
    .from(officeNotes)
    .where(and(eq(officeNotes.tenantId, tenantId), eq(officeNotes.studentId, studentId)))
    .orderBy(desc(officeNotes.createdAt), desc(officeNotes.id))
    .limit(limit);
}

export async function countNotes(db: DbOrTx, tenantId: string, studentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(officeNotes)
    .where(and(eq(officeNotes.tenantId, tenantId), eq(officeNotes.studentId, studentId)));
  return Number(row?.n ?? 0);
}

export async function insertNote(db: DbOrTx, values: typeof officeNotes.$inferInsert): Promise<OfficeNoteRow> {
  const [row] = await db.insert(officeNotes).values(values).returning();
  return row!;
}

/** The note before the change, locked; null when it is not this student's note in this school. */
export async function lockNote(db: DbOrTx, tenantId: string, studentId: string, id: string): Promise<OfficeNoteRow | null> {
  const [row] = await db
    .select()
    .from(officeNotes)
    .where(and(eq(officeNotes.tenantId, tenantId), eq(officeNotes.studentId, studentId), eq(officeNotes.id, id)))
    .for("update")
    .limit(1);
  return row ?? null;
}

export async function updateNote(db: DbOrTx, tenantId: string, id: string, values: { body: string; updatedBy: string; updatedAt: Date }) {
  await db.update(officeNotes).set(values).where(and(eq(officeNotes.tenantId, tenantId), eq(officeNotes.id, id)));
}

export async function deleteNote(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(officeNotes).where(and(eq(officeNotes.tenantId, tenantId), eq(officeNotes.id, id)));
}

/** Locks the student's row: adding notes one at a time keeps the count under its bound. */
export async function lockStudentRow(db: DbOrTx, tenantId: string, studentId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, studentId))).for("update");
}
