import { and, eq, gt, lt } from "drizzle-orm";
import { PRACTICE_MAX_HOURS } from "@/lib/contract/constants/practices";
import type { DbOrTx } from "../../db/client";
import { capAttendances, capSessions } from "../../db/schema/cap";
import { practices, schoolEvents } from "../../db/schema/practices";
import { reservations } from "../../db/schema/reservations";

// Everything overlapping [from, to); each query is tenant-scoped and uses a (tenant, owner, start) index.

// A student is in a CAP session when it has an attendance row for them (made for everyone enrolled when the session
// was created, or added by hand), not when they are enrolled in its course: a later enrolment does not join existing
// sessions (spec 001 §4), and a session they attended stays theirs after they leave the course.
export function listStudentSessions(db: DbOrTx, tenantId: string, studentId: string, from: Date, to: Date) {
  return db
    .select({ id: capSessions.id, name: capSessions.name, startAt: capSessions.startAt, endAt: capSessions.endAt })
    .from(capAttendances)
    .innerJoin(capSessions, eq(capSessions.id, capAttendances.capSessionId))
    .where(
      and(
        eq(capAttendances.tenantId, tenantId),
        eq(capAttendances.studentId, studentId),
        eq(capSessions.tenantId, tenantId),
        lt(capSessions.startAt, to),
        gt(capSessions.endAt, from),
      ),
    );
}

export function listSchoolEvents(db: DbOrTx, tenantId: string, from: Date, to: Date) {
  return db
    .select()
    .from(schoolEvents)
    .where(and(eq(schoolEvents.tenantId, tenantId), lt(schoolEvents.startAt, to), gt(schoolEvents.endAt, from)));
}

// A lesson lasts at most PRACTICE_MAX_HOURS (booking slots and manual practices are refused beyond): a lower bound on
// the start keeps the (tenant, student, start) index scan to the range instead of the student's whole past.
const LONGEST_LESSON_MS = PRACTICE_MAX_HOURS * 3_600_000;

export async function loadStudentCalendar(db: DbOrTx, tenantId: string, studentId: string, from: Date, to: Date) {
  const earliest = new Date(from.getTime() - LONGEST_LESSON_MS);
  const [resRows, practiceRows, sessionRows, eventRows] = await Promise.all([
    db
      .select({ id: reservations.id, startAt: reservations.startAt, endAt: reservations.endAt, status: reservations.status })
      .from(reservations)
      .where(and(eq(reservations.tenantId, tenantId), eq(reservations.studentId, studentId), gt(reservations.startAt, earliest), lt(reservations.startAt, to), gt(reservations.endAt, from))),
    db
      .select({ id: practices.id, reservationId: practices.reservationId, startAt: practices.startAt, endAt: practices.endAt })
      .from(practices)
      .where(and(eq(practices.tenantId, tenantId), eq(practices.studentId, studentId), gt(practices.startAt, earliest), lt(practices.startAt, to), gt(practices.endAt, from))),
    listStudentSessions(db, tenantId, studentId, from, to),
    listSchoolEvents(db, tenantId, from, to),
  ]);
  return { resRows, practiceRows, sessionRows, eventRows };
}
