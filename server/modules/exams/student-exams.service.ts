import type { ExamResult, UpcomingExam } from "@/lib/contract/exams";
import type { DbOrTx } from "../../db/client";
import { examDateView, examTypeView } from "./exam-view";
import { listExams, listSlots, listStudentAttendances, studentLicenseIds } from "./exams.repository";
import { effectiveLimit, isInWindow, studentFlags, visibleRemaining } from "./places";

// Upcoming exams with the slots of the student's licences (and any slot the student is already on), each with
// what the student may do there now. Exams without such a slot are left out.
export async function listUpcomingExams(db: DbOrTx, tenantId: string, studentId: string, now = new Date()): Promise<UpcomingExam[]> {
  const exams = await listExams(db, tenantId, "upcoming", now);
  const [slots, licenseIds, mine] = await Promise.all([
    listSlots(db, tenantId, exams.map((e) => e.id)),
    studentLicenseIds(db, tenantId, studentId),
    listStudentAttendances(db, tenantId, studentId),
  ]);
  const statusBySlot = new Map(mine.map((m) => [m.slot.id, m.attendance.status as "registered" | "backup"]));
  return exams
    .map((exam) => {
      const inWindow = isInWindow(exam, now);
      const examSlots = slots
        .filter(({ slot }) => slot.examId === exam.id && (licenseIds.has(slot.licenseId) || statusBySlot.has(slot.id)))
        .map(({ slot, licenseName }) => {
          const remaining = visibleRemaining(slot.places, slot.visibleLimit, slot.registeredCount);
          return {
            examType: examTypeView(slot.examType),
            license: slot.licenseId,
            licenseName,
            visibleLimit: effectiveLimit(slot.places, slot.visibleLimit),
            visibleRemaining: remaining,
            ...studentFlags({ inWindow, isAssigned: licenseIds.has(slot.licenseId), status: statusBySlot.get(slot.id) ?? null, remaining }),
          };
        });
      return { ...examDateView(exam), slots: examSlots };
    })
    .filter((e) => e.slots.length > 0);
}

// The student's registrations, newest exam first; 0 ('- - - - - -') until the school records the result.
export async function listExamResults(db: DbOrTx, tenantId: string, studentId: string): Promise<ExamResult[]> {
  const rows = await listStudentAttendances(db, tenantId, studentId, "registered");
  return rows.map(({ attendance, slot, exam, licenseName }) => ({
    id: attendance.id,
    result: attendance.result,
    license: { id: slot.licenseId, name: licenseName },
    exam: { id: exam.id, date: exam.date.toISOString(), type: examTypeView(slot.examType) },
  }));
}
