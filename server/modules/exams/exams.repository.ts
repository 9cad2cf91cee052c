import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import { examAttendances, examSlots, exams } from "../../db/schema/exams";
import { instructorAssignments, licenses } from "../../db/schema/reservations";

export type ExamRow = typeof exams.$inferSelect;
export type SlotRow = typeof examSlots.$inferSelect;
export type AttendanceRow = typeof examAttendances.$inferSelect;

export async function findExam(db: DbOrTx, tenantId: string, examId: string): Promise<ExamRow | null> {
  const [row] = await db.select().from(exams).where(and(eq(exams.tenantId, tenantId), eq(exams.id, examId)));
  return row ?? null;
}

export async function listExams(db: DbOrTx, tenantId: string, scope: "upcoming" | "past", now: Date): Promise<ExamRow[]> {
  const isUpcoming = scope === "upcoming";
  return db
    .select()
    .from(exams)
    .where(and(eq(exams.tenantId, tenantId), isUpcoming ? gt(exams.date, now) : lte(exams.date, now)))
    .orderBy(isUpcoming ? asc(exams.date) : desc(exams.date))
    .limit(isUpcoming ? 200 : 50);
}

export async function insertExam(db: DbOrTx, values: typeof exams.$inferInsert): Promise<ExamRow> {
  const [row] = await db.insert(exams).values(values).returning();
  return row!;
}

export async function deleteExam(db: DbOrTx, tenantId: string, examId: string): Promise<void> {
  const slotIds = db.select({ id: examSlots.id }).from(examSlots).where(eq(examSlots.examId, examId));
  await db.delete(examAttendances).where(and(eq(examAttendances.tenantId, tenantId), inArray(examAttendances.slotId, slotIds)));
  await db.delete(exams).where(and(eq(exams.tenantId, tenantId), eq(exams.id, examId)));
}

const slotColumns = { slot: examSlots, licenseName: licenses.name };

export async function listSlots(db: DbOrTx, tenantId: string, examIds: string[]) {
  if (examIds.length === 0) return [];
  return db
    .select(slotColumns)
    .from(examSlots)
    .innerJoin(licenses, eq(licenses.id, examSlots.licenseId))
    .where(and(eq(examSlots.tenantId, tenantId), inArray(examSlots.examId, examIds)))
    .orderBy(asc(licenses.name), asc(examSlots.examType));
}

export async function insertSlots(db: DbOrTx, values: (typeof examSlots.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(examSlots).values(values);
}

// The slot's row lock serialises every change of its places, registrations and reserve list.
export async function lockSlot(db: DbOrTx, tenantId: string, where: { id: string } | { examId: string; examType: number; licenseId: string }) {
  const condition =
    "id" in where
      ? eq(examSlots.id, where.id)
      : and(eq(examSlots.examId, where.examId), eq(examSlots.examType, where.examType), eq(examSlots.licenseId, where.licenseId));
  const [row] = await db.select().from(examSlots).where(and(eq(examSlots.tenantId, tenantId), condition)).for("update");
  return row ?? null;
}

// Every slot of an exam, locked in one statement (in id order, so two deletions cannot deadlock).
export async function lockExamSlots(db: DbOrTx, tenantId: string, examId: string): Promise<SlotRow[]> {
  return db
    .select()
    .from(examSlots)
    .where(and(eq(examSlots.tenantId, tenantId), eq(examSlots.examId, examId)))
    .orderBy(asc(examSlots.id))
    .for("update");
}

export async function findSlot(db: DbOrTx, tenantId: string, slotId: string) {
  const [row] = await db
    .select(slotColumns)
    .from(examSlots)
    .innerJoin(licenses, eq(licenses.id, examSlots.licenseId))
    .where(and(eq(examSlots.tenantId, tenantId), eq(examSlots.id, slotId)));
  return row ?? null;
}

export async function updateSlot(db: DbOrTx, slotId: string, values: Partial<Pick<SlotRow, "places" | "visibleLimit" | "registeredCount">>) {
  await db.update(examSlots).set(values).where(eq(examSlots.id, slotId));
}

export async function addToCount(db: DbOrTx, slotId: string, delta: number) {
  await db
    .update(examSlots)
    .set({ registeredCount: sql`${examSlots.registeredCount} + ${delta}` })
    .where(eq(examSlots.id, slotId));
}

export async function findActiveAttendance(db: DbOrTx, slotId: string, studentId: string): Promise<AttendanceRow | null> {
  const [row] = await db
    .select()
    .from(examAttendances)
    .where(
      and(
        eq(examAttendances.slotId, slotId),
        eq(examAttendances.studentId, studentId),
        inArray(examAttendances.status, ["registered", "backup"]),
      ),
    );
  return row ?? null;
}

export async function findAttendance(db: DbOrTx, tenantId: string, id: string): Promise<AttendanceRow | null> {
  const [row] = await db
    .select()
    .from(examAttendances)
    .where(and(eq(examAttendances.tenantId, tenantId), eq(examAttendances.id, id)));
  return row ?? null;
}

export async function insertAttendance(db: DbOrTx, values: typeof examAttendances.$inferInsert): Promise<AttendanceRow> {
  const [row] = await db.insert(examAttendances).values(values).returning();
  return row!;
}

export async function updateAttendance(db: DbOrTx, id: string, values: Partial<typeof examAttendances.$inferInsert>) {
  await db.update(examAttendances).set(values).where(eq(examAttendances.id, id));
}

// The reserve list in joining order.
export async function listBackups(db: DbOrTx, slotId: string): Promise<AttendanceRow[]> {
  return db
    .select()
    .from(examAttendances)
    .where(and(eq(examAttendances.slotId, slotId), eq(examAttendances.status, "backup")))
    .orderBy(asc(examAttendances.seq));
}

const studentName = sql<string>`concat_ws(' ', ${users.firstName}, ${users.surname1}, ${users.surname2})`;

// Active registrations and reserve places of some slots, with the student, in joining order.
export async function listActiveAttendances(db: DbOrTx, tenantId: string, slotIds: string[]) {
  if (slotIds.length === 0) return [];
  return db
    .select({ attendance: examAttendances, studentName, studentDni: users.dni })
    .from(examAttendances)
    .innerJoin(users, eq(users.id, examAttendances.studentId))
    .where(
      and(
        eq(examAttendances.tenantId, tenantId),
        inArray(examAttendances.slotId, slotIds),
        inArray(examAttendances.status, ["registered", "backup"]),
      ),
    )
    .orderBy(asc(examAttendances.seq));
}

// A student's registrations (and reserve places), newest exam first then by id: only `status`, only those of
// `examIds`, and a page of them (`before` a position (exam date, attendance id), at most `limit`) when given.
export type StudentAttendanceFilter = {
  status?: "registered";
  examIds?: string[];
  before?: { at: Date; id: string };
  limit?: number;
};

export async function listStudentAttendances(db: DbOrTx, tenantId: string, studentId: string, f: StudentAttendanceFilter = {}) {
  if (f.examIds?.length === 0) return [];
  const query = db
    .select({ attendance: examAttendances, slot: examSlots, exam: exams, licenseName: licenses.name })
    .from(examAttendances)
    .innerJoin(examSlots, eq(examSlots.id, examAttendances.slotId))
    .innerJoin(exams, eq(exams.id, examSlots.examId))
    .innerJoin(licenses, eq(licenses.id, examSlots.licenseId))
    .where(
      and(
        eq(examAttendances.tenantId, tenantId),
        eq(examAttendances.studentId, studentId),
        f.status ? eq(examAttendances.status, f.status) : inArray(examAttendances.status, ["registered", "backup"]),
        f.examIds ? inArray(exams.id, f.examIds) : undefined,
        f.before ? sql`(${exams.date}, ${examAttendances.id}) < (${f.before.at}, ${f.before.id})` : undefined,
      ),
    )
    .orderBy(desc(exams.date), desc(examAttendances.id));
  return f.limit === undefined ? query : query.limit(f.limit);
}

// Licence ids a student is assigned to (with any instructor).
export async function studentLicenseIds(db: DbOrTx, tenantId: string, studentId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: instructorAssignments.licenseId })
    .from(instructorAssignments)
    .where(and(eq(instructorAssignments.tenantId, tenantId), eq(instructorAssignments.studentId, studentId)));
  return new Set(rows.map((r) => r.id));
}

// The instructor's (student, licence) pairs.
export async function instructorPairs(db: DbOrTx, tenantId: string, instructorId: string) {
  return db
    .select({ studentId: instructorAssignments.studentId, licenseId: instructorAssignments.licenseId })
    .from(instructorAssignments)
    .where(and(eq(instructorAssignments.tenantId, tenantId), eq(instructorAssignments.instructorId, instructorId)));
}

export async function listLicenses(db: DbOrTx, tenantId: string, ids?: string[]) {
  if (ids && ids.length === 0) return [];
  return db
    .select({ id: licenses.id, name: licenses.name })
    .from(licenses)
    .where(and(eq(licenses.tenantId, tenantId), ids ? inArray(licenses.id, ids) : undefined))
    .orderBy(asc(licenses.name));
}

// Active students with their assigned licences (all of the school's, or one instructor's; or just one student).
export async function listAssignedStudents(db: DbOrTx, tenantId: string, only: { instructorId?: string; studentId?: string } = {}) {
  const rows = await db
    .selectDistinct({ id: users.id, name: studentName, dni: users.dni, licenseId: instructorAssignments.licenseId })
    .from(instructorAssignments)
    .innerJoin(users, eq(users.id, instructorAssignments.studentId))
    .where(
      and(
        eq(instructorAssignments.tenantId, tenantId),
        eq(users.isActive, true),
        only.instructorId ? eq(instructorAssignments.instructorId, only.instructorId) : undefined,
        only.studentId ? eq(instructorAssignments.studentId, only.studentId) : undefined,
      ),
    );
  const byId = new Map<string, { id: string; name: string; dni: string | null; licenseIds: string[] }>();
  for (const r of rows) {
    const entry = byId.get(r.id) ?? { id: r.id, name: r.name, dni: r.dni, licenseIds: [] };
    entry.licenseIds.push(r.licenseId);
    byId.set(r.id, entry);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, "es"));
}
