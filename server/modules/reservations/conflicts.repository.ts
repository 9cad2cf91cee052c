import { and, eq, gt, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { examAttendances, exams, examSlots } from "../../db/schema/exams";
import { licenses } from "../../db/schema/reservations";

// The student's registrations (not reserve places) for exams dated in [from, to), found by exam_attendances_student_idx.
export function listRegisteredExams(db: DbOrTx, tenantId: string, studentId: string, from: Date, to: Date) {
  return db
    .select({ id: examAttendances.id, date: exams.date, examType: examSlots.examType, licenseName: licenses.name, location: exams.location })
    .from(examAttendances)
    .innerJoin(examSlots, eq(examSlots.id, examAttendances.slotId))
    .innerJoin(exams, eq(exams.id, examSlots.examId))
    .innerJoin(licenses, eq(licenses.id, examSlots.licenseId))
    .where(
      and(
        eq(examAttendances.tenantId, tenantId),
        eq(examAttendances.studentId, studentId),
        eq(examAttendances.status, "registered"),
        eq(exams.tenantId, tenantId),
        gt(exams.date, from),
        lt(exams.date, to),
      ),
    );
}
