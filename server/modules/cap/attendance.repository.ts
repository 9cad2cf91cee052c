import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { capAttendances, capSessions } from "../../db/schema/cap";

export type AttendanceRecord = typeof capAttendances.$inferSelect;
export type AttendancePatch = Partial<
  Pick<
    AttendanceRecord,
    | "inAt"
    | "outAt"
    | "inMethod"
    | "outMethod"
    | "inDistance"
    | "outDistance"
    | "inReason"
    | "inNote"
    | "inRecordedBy"
    | "outReason"
    | "outNote"
    | "outRecordedBy"
  >
>;

export async function findAttendance(db: DbOrTx, tenantId: string, sessionId: string, studentId: string): Promise<AttendanceRecord | null> {
  const [row] = await db
    .select()
    .from(capAttendances)
    .where(and(eq(capAttendances.tenantId, tenantId), eq(capAttendances.capSessionId, sessionId), eq(capAttendances.studentId, studentId)))
    .limit(1);
  return row ?? null;
}

/** The same, locking the row until the transaction ends (two captures of one student cannot both win). */
export async function findAttendanceForUpdate(tx: DbOrTx, tenantId: string, sessionId: string, studentId: string): Promise<AttendanceRecord | null> {
  const [row] = await tx
    .select()
    .from(capAttendances)
    .where(and(eq(capAttendances.tenantId, tenantId), eq(capAttendances.capSessionId, sessionId), eq(capAttendances.studentId, studentId)))
    .for("update")
    .limit(1);
  return row ?? null;
}

export async function updateAttendance(tx: DbOrTx, tenantId: string, id: string, patch: AttendancePatch): Promise<void> {
  await tx
    .update(capAttendances)
    .set(patch)
    .where(and(eq(capAttendances.tenantId, tenantId), eq(capAttendances.id, id)));
}

/** Inserts; answers null when the student already has a row in that session. */
export async function insertAttendance(
  db: DbOrTx,
  tenantId: string,
  values: { capSessionId: string; studentId: string } & AttendancePatch,
): Promise<string | null> {
  const rows = await db
    .insert(capAttendances)
    .values({ tenantId, ...values })
    .onConflictDoNothing({ target: [capAttendances.capSessionId, capAttendances.studentId] })
    .returning({ id: capAttendances.id });
  return rows[0]?.id ?? null;
}

export async function insertEmptyAttendances(db: DbOrTx, tenantId: string, sessionId: string, studentIds: string[]): Promise<void> {
  if (studentIds.length === 0) return;
  await db
    .insert(capAttendances)
    .values(studentIds.map((studentId) => ({ tenantId, capSessionId: sessionId, studentId })))
    .onConflictDoNothing();
}

/** Removes a student's untouched rows from the course's sessions that have not started yet. */
export async function deleteUpcomingEmptyAttendances(db: DbOrTx, tenantId: string, courseId: string, studentId: string, now: Date): Promise<void> {
  const upcoming = db
    .select({ id: capSessions.id })
    .from(capSessions)
    .where(and(eq(capSessions.tenantId, tenantId), eq(capSessions.capCourseId, courseId), gt(capSessions.startAt, now)));
  await db
    .delete(capAttendances)
    .where(
      and(
        eq(capAttendances.tenantId, tenantId),
        eq(capAttendances.studentId, studentId),
        isNull(capAttendances.inAt),
        inArray(capAttendances.capSessionId, upcoming),
      ),
    );
}
