import { aliasedTable, and, asc, count, desc, eq, lt, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { capAttendanceCorrections, capAttendances, capCourses, capSessions } from "../../db/schema/cap";
import { users } from "../../db/schema/core";
import { attendanceColumns, fullNameOf, inRecorder, outRecorder, type AttendanceRow } from "./sessions.repository";
import type { AttendanceRecord } from "./attendance.repository";

// Manual times and corrections of CAP attendance (issue 30): the correction history and the student's record.

export type CorrectionRow = typeof capAttendanceCorrections.$inferSelect & { correctedByName: string | null; previousRecordedByName: string | null };
export type CorrectionValues = Omit<typeof capAttendanceCorrections.$inferInsert, "id" | "tenantId" | "createdAt">;

/** An attendance row by its id, locked until the transaction ends (a correction and a capture cannot cross). */
export async function lockAttendanceById(tx: DbOrTx, tenantId: string, id: string): Promise<AttendanceRecord | null> {
  const [row] = await tx
    .select()
    .from(capAttendances)
    .where(and(eq(capAttendances.tenantId, tenantId), eq(capAttendances.id, id)))
    .for("update")
    .limit(1);
  return row ?? null;
}

export async function findAttendanceById(db: DbOrTx, tenantId: string, id: string): Promise<AttendanceRecord | null> {
  const [row] = await db
    .select()
    .from(capAttendances)
    .where(and(eq(capAttendances.tenantId, tenantId), eq(capAttendances.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertCorrection(tx: DbOrTx, tenantId: string, values: CorrectionValues): Promise<void> {
  await tx.insert(capAttendanceCorrections).values({ tenantId, ...values });
}

export async function countCorrections(db: DbOrTx, tenantId: string, attendanceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(capAttendanceCorrections)
    .where(and(eq(capAttendanceCorrections.tenantId, tenantId), eq(capAttendanceCorrections.attendanceId, attendanceId)));
  return row?.n ?? 0;
}

const previousRecorder = aliasedTable(users, "previous_recorder");

/** Oldest first (bounded: MAX_CORRECTIONS_PER_ATTENDANCE). */
export function listCorrections(db: DbOrTx, tenantId: string, attendanceId: string): Promise<CorrectionRow[]> {
  return db
    .select({
      id: capAttendanceCorrections.id,
      tenantId: capAttendanceCorrections.tenantId,
      attendanceId: capAttendanceCorrections.attendanceId,
      type: capAttendanceCorrections.type,
      previousAt: capAttendanceCorrections.previousAt,
      previousMethod: capAttendanceCorrections.previousMethod,
      previousReason: capAttendanceCorrections.previousReason,
      previousNote: capAttendanceCorrections.previousNote,
      previousRecordedBy: capAttendanceCorrections.previousRecordedBy,
      newAt: capAttendanceCorrections.newAt,
      reason: capAttendanceCorrections.reason,
      correctedBy: capAttendanceCorrections.correctedBy,
      createdAt: capAttendanceCorrections.createdAt,
      correctedByName: fullNameOf(users),
      previousRecordedByName: fullNameOf(previousRecorder),
    })
    .from(capAttendanceCorrections)
    .leftJoin(users, eq(users.id, capAttendanceCorrections.correctedBy))
    .leftJoin(previousRecorder, eq(previousRecorder.id, capAttendanceCorrections.previousRecordedBy))
    .where(and(eq(capAttendanceCorrections.tenantId, tenantId), eq(capAttendanceCorrections.attendanceId, attendanceId)))
    .orderBy(asc(capAttendanceCorrections.createdAt), asc(capAttendanceCorrections.id));
}

export type StudentAttendanceRow = AttendanceRow & {
  courseName: string;
  capCourseId: string;
  sessionName: string;
  sessionStart: Date;
  sessionEnd: Date;
};

/** One page of a student's sessions, newest first: keyset on (session start, attendance id); reads limit + 1. */
export async function listStudentAttendances(
  db: DbOrTx,
  tenantId: string,
  studentId: string,
  after: { at: Date; id: string } | null,
  limit: number,
): Promise<StudentAttendanceRow[]> {
  return db
    .select({
      ...attendanceColumns,
      courseName: capCourses.name,
      capCourseId: capSessions.capCourseId,
      sessionName: capSessions.name,
      sessionStart: capSessions.startAt,
      sessionEnd: capSessions.endAt,
    })
    .from(capAttendances)
    .innerJoin(users, eq(users.id, capAttendances.studentId))
    .leftJoin(inRecorder, eq(inRecorder.id, capAttendances.inRecordedBy))
    .leftJoin(outRecorder, eq(outRecorder.id, capAttendances.outRecordedBy))
    .innerJoin(capSessions, eq(capSessions.id, capAttendances.capSessionId))
    .innerJoin(capCourses, eq(capCourses.id, capSessions.capCourseId))
    .where(
      and(
        eq(capAttendances.tenantId, tenantId),
        eq(capAttendances.studentId, studentId),
        after
          ? or(lt(capSessions.startAt, after.at), and(eq(capSessions.startAt, after.at), lt(capAttendances.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(capSessions.startAt), desc(capAttendances.id))
    .limit(limit + 1);
}
