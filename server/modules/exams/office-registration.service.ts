import type { ExamAttendanceAnswer } from "@/lib/contract/exams";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { recordAudit } from "../audit/audit.repository";
import { UNIQUE_VIOLATION } from "./attendance.service";
import { pgErrorCode } from "../../db/pg-errors";
import { examAlreadyHeld, examNotFound, noPlacesAvailable, studentAlreadyRegistered, studentLicenseMissing, studentNotFound } from "./exam-errors";
import * as repo from "./exams.repository";
import { remainingOf } from "./places";
import { teachesLicense, type StaffScope } from "./staff-exams.service";
import { onExamRegistered } from "../../notifications/account-events";

// The office registers a student itself: any time before the exam, up to all the school's places (not only the
// shown ones). A student on the reserve list moves up to registered.
export async function registerByOffice(
  db: Db,
  tenant: Tenant,
  auth: Auth,
  scope: StaffScope,
  slotId: string,
  studentId: string,
  now = new Date(),
): Promise<ExamAttendanceAnswer> {
  try {
    return await db.transaction(async (tx) => {
      const slot = await repo.lockSlot(tx, tenant.id, { id: slotId });
      if (!slot || !teachesLicense(scope, slot.licenseId)) throw examNotFound();
      const exam = (await repo.findExam(tx, tenant.id, slot.examId))!;
      if (exam.date.getTime() <= now.getTime()) throw examAlreadyHeld();
      // An instructor's students are those of their own assignments, so the licences found are theirs to teach.
      const instructorId = scope.kind === "instructor" ? scope.instructorId : undefined;
      const [student] = await repo.listAssignedStudents(tx, tenant.id, { instructorId, studentId });
      if (!student) throw studentNotFound();
      if (!student.licenseIds.includes(slot.licenseId)) throw studentLicenseMissing();
      const current = await repo.findActiveAttendance(tx, slot.id, studentId);
      if (current?.status === "registered") throw studentAlreadyRegistered();
      if (remainingOf(slot.places, slot.registeredCount) === 0) throw noPlacesAvailable();
      let id = current?.id;
      if (current) await repo.updateAttendance(tx, current.id, { status: "registered", registeredAt: now });
      else id = (await repo.insertAttendance(tx, { tenantId: tenant.id, slotId: slot.id, studentId, status: "registered", joinedAt: now, registeredAt: now })).id;
      await repo.addToCount(tx, slot.id, 1);
      await recordAudit(tx, tenant.id, auth, { action: "exams.registered_by_office", targetType: "exam_attendance", targetId: id!, details: { slotId, studentId } });
      await onExamRegistered(tx, tenant.id, slot.id, studentId, now);
      return { id: id!, status: "registered" as const, position: null };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw studentAlreadyRegistered();
    throw error;
  }
}
