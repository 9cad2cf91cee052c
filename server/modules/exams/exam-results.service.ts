import { EXAM_RESULT_LABELS } from "@/lib/contract/constants/exams";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { recordAudit } from "../audit/audit.repository";
import { attendanceNotFound, examNotHeld, resultNeedsRegistration } from "./exam-errors";
import { findAttendance, findExam, findSlot, updateAttendance } from "./exams.repository";
import { teachesStudent, type StaffScope } from "./staff-exams.service";
import { onExamResult } from "../../notifications/account-events";

// A result (codes 0–4 of spec §4) is recorded on a registration once the exam date has come; it can be corrected.
export async function recordResult(db: Db, tenant: Tenant, auth: Auth, scope: StaffScope, attendanceId: string, result: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const attendance = await findAttendance(tx, tenant.id, attendanceId);
    const found = attendance && (await findSlot(tx, tenant.id, attendance.slotId));
    if (!attendance || !found || !teachesStudent(scope, attendance.studentId, found.slot.licenseId)) throw attendanceNotFound();
    if (attendance.status !== "registered") throw resultNeedsRegistration();
    const exam = (await findExam(tx, tenant.id, found.slot.examId))!;
    if (exam.date.getTime() > now.getTime()) throw examNotHeld();
    const actor = auth.impersonatorId ?? auth.userId;
    await updateAttendance(tx, attendance.id, { result, resultRecordedBy: actor, resultRecordedAt: now });
    await recordAudit(tx, tenant.id, auth, {
      action: "exams.result_recorded",
      targetType: "exam_attendance",
      targetId: attendance.id,
      details: { result, label: EXAM_RESULT_LABELS[result], previous: attendance.result },
    });
    await onExamResult(tx, tenant.id, found.slot.id, attendance.studentId, result, attendance.result, now);
    return { id: attendance.id, result };
  });
}
