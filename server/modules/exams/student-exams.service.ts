import type { ExamResult, UpcomingExam } from "@/lib/contract/exams";
import { DEFAULT_PAGE_SIZE } from "@/lib/contract/constants/paging";
import type { PageQuery } from "@/lib/contract/paging";
import type { DbOrTx } from "../../db/client";
import { decodeInstantCursor, instantCursor, pageOf, type Page } from "../../http/cursor";
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
    // Only the registrations on these exams: a student's past ones are never read here.
    listStudentAttendances(db, tenantId, studentId, { examIds: exams.map((e) => e.id) }),
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

const RESULTS_CURSOR = "exam-results";

// The student's registrations, newest exam first, a page at a time; 0 ('- - - - - -') until the school records the
// result.
export async function listExamResults(
  db: DbOrTx,
  tenantId: string,
  studentId: string,
  page: PageQuery = { limit: DEFAULT_PAGE_SIZE },
): Promise<Page<ExamResult>> {
  const before = page.cursor ? decodeInstantCursor(RESULTS_CURSOR, page.cursor) : undefined;
  const rows = await listStudentAttendances(db, tenantId, studentId, { status: "registered", before, limit: page.limit + 1 });
  const { items, nextCursor } = pageOf(rows, page.limit, (last) => instantCursor(RESULTS_CURSOR, last.exam.date, last.attendance.id));
  return { items: items.map(toResult), nextCursor };
}

function toResult({ attendance, slot, exam, licenseName }: Awaited<ReturnType<typeof listStudentAttendances>>[number]): ExamResult {
  return {
    id: attendance.id,
    result: attendance.result,
    license: { id: slot.licenseId, name: licenseName },
    exam: { id: exam.id, date: exam.date.toISOString(), type: examTypeView(slot.examType) },
  };
}
