import type {
  CreateExamData,
  ExamAttendanceAnswer,
  ExamOptions,
  StaffExam,
  StaffExamScope,
  UpdateExamSlotBody,
} from "@/lib/contract/exams";
import { EXAM_TYPES } from "@/lib/contract/constants/exams";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { recordAudit } from "../audit/audit.repository";
import { promoteBackups, withdrawLocked } from "./attendance.service";
import { attendanceNotFound, examAlreadyHeld, examHasStudents, examNotFound, licenseNotAllowed, placesBelowRegistered } from "./exam-errors";
import { examDateView, examTypeView } from "./exam-view";
import * as repo from "./exams.repository";

// Who is acting: an administrator sees the whole school; an instructor the licences they teach and their own
// students (their instructor_assignments).
export type StaffScope =
  | { kind: "administrator" }
  | { kind: "instructor"; instructorId: string; pairs: { studentId: string; licenseId: string }[] };

export async function staffScope(db: DbOrTx, tenantId: string, auth: Auth, area: "administrator" | "instructor"): Promise<StaffScope> {
  if (area === "administrator") return { kind: "administrator" };
  return { kind: "instructor", instructorId: auth.userId, pairs: await repo.instructorPairs(db, tenantId, auth.userId) };
}

export const teachesLicense = (scope: StaffScope, licenseId: string) =>
  scope.kind === "administrator" || scope.pairs.some((p) => p.licenseId === licenseId);
export const teachesStudent = (scope: StaffScope, studentId: string, licenseId: string) =>
  scope.kind === "administrator" || scope.pairs.some((p) => p.studentId === studentId && p.licenseId === licenseId);

export async function listStaffExams(db: DbOrTx, tenantId: string, scope: StaffScope, which: StaffExamScope, now = new Date()): Promise<StaffExam[]> {
  return toStaffExams(db, tenantId, scope, await repo.listExams(db, tenantId, which, now), now);
}

// The exams with the slots the acting person may see and, per slot, their students in joining order.
async function toStaffExams(db: DbOrTx, tenantId: string, scope: StaffScope, exams: repo.ExamRow[], now: Date): Promise<StaffExam[]> {
  const slots = (await repo.listSlots(db, tenantId, exams.map((e) => e.id))).filter((s) => teachesLicense(scope, s.slot.licenseId));
  const attendances = await repo.listActiveAttendances(db, tenantId, slots.map((s) => s.slot.id));
  // An instructor's list leaves out dates without places of their licences.
  const shown = scope.kind === "administrator" ? exams : exams.filter((e) => slots.some((s) => s.slot.examId === e.id));
  return shown.map((exam) => ({
    ...examDateView(exam),
    isHeld: exam.date.getTime() <= now.getTime(),
    slots: slots
      .filter((s) => s.slot.examId === exam.id)
      .map(({ slot, licenseName }) => {
        const own = attendances.filter((a) => a.attendance.slotId === slot.id);
        const backups = own.filter((a) => a.attendance.status === "backup");
        return {
          id: slot.id,
          examType: examTypeView(slot.examType),
          license: { id: slot.licenseId, name: licenseName },
          places: slot.places,
          visibleLimit: slot.visibleLimit,
          registeredCount: slot.registeredCount,
          backupCount: backups.length,
          attendances: own
            .filter((a) => teachesStudent(scope, a.attendance.studentId, slot.licenseId))
            .map(({ attendance, studentName, studentDni }) => ({
              id: attendance.id,
              student: { id: attendance.studentId, name: studentName, dni: studentDni },
              status: attendance.status as "registered" | "backup",
              position: attendance.status === "backup" ? backups.findIndex((b) => b.attendance.id === attendance.id) + 1 : null,
              result: attendance.result,
              joinedAt: attendance.joinedAt.toISOString(),
            })),
        };
      }),
  }));
}

export async function examOptions(db: DbOrTx, tenantId: string, scope: StaffScope): Promise<ExamOptions> {
  const ids = scope.kind === "administrator" ? undefined : [...new Set(scope.pairs.map((p) => p.licenseId))];
  const [licenses, students] = await Promise.all([
    repo.listLicenses(db, tenantId, ids),
    repo.listAssignedStudents(db, tenantId, { instructorId: scope.kind === "instructor" ? scope.instructorId : undefined }),
  ]);
  return { licenses, examTypes: EXAM_TYPES.map((t) => ({ ...t })), students };
}

export async function createExam(db: Db, tenant: Tenant, auth: Auth, scope: StaffScope, body: CreateExamData) {
  const licenseIds = [...new Set(body.slots.map((s) => s.license))];
  const known = new Set((await repo.listLicenses(db, tenant.id, licenseIds)).map((l) => l.id));
  if (licenseIds.some((id) => !known.has(id) || !teachesLicense(scope, id))) throw licenseNotAllowed();
  const exam = await db.transaction(async (tx) => {
    const row = await repo.insertExam(tx, {
      tenantId: tenant.id,
      date: new Date(body.date),
      inscriptionsOpening: new Date(body.inscriptionsOpening),
      inscriptionsClosing: new Date(body.inscriptionsClosing),
      location: body.location?.trim() || null,
      createdBy: auth.impersonatorId ?? auth.userId,
    });
    await repo.insertSlots(
      tx,
      body.slots.map((s) => ({
        tenantId: tenant.id,
        examId: row.id,
        examType: s.examType,
        licenseId: s.license,
        places: s.places,
        visibleLimit: s.visibleLimit,
      })),
    );
    await recordAudit(tx, tenant.id, auth, { action: "exams.created", targetType: "exam", targetId: row.id });
    return row;
  });
  const [view] = await toStaffExams(db, tenant.id, scope, [exam], new Date());
  return view!;
}

export async function deleteExam(db: Db, tenant: Tenant, auth: Auth, scope: StaffScope, examId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const exam = await repo.findExam(tx, tenant.id, examId);
    if (!exam) throw examNotFound();
    const slots = await repo.lockExamSlots(tx, tenant.id, examId);
    if (slots.some((s) => !teachesLicense(scope, s.licenseId))) throw examNotFound();
    if ((await repo.listActiveAttendances(tx, tenant.id, slots.map((s) => s.id))).length > 0) throw examHasStudents();
    await repo.deleteExam(tx, tenant.id, examId);
    await recordAudit(tx, tenant.id, auth, { action: "exams.deleted", targetType: "exam", targetId: examId });
  });
}

// More places (or a higher shown limit) promote the reserve list at once; fewer than registered is refused.
export async function updateExamSlot(db: Db, tenant: Tenant, auth: Auth, scope: StaffScope, slotId: string, body: UpdateExamSlotBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const slot = await repo.lockSlot(tx, tenant.id, { id: slotId });
    if (!slot || !teachesLicense(scope, slot.licenseId)) throw examNotFound();
    if (body.places !== -1 && body.places < slot.registeredCount) throw placesBelowRegistered();
    await repo.updateSlot(tx, slot.id, { places: body.places, visibleLimit: body.visibleLimit });
    const promoted = await promoteBackups(tx, { ...slot, ...body }, now);
    await recordAudit(tx, tenant.id, auth, { action: "exams.slot_updated", targetType: "exam_slot", targetId: slot.id, details: { ...body, promoted } });
    return { id: slot.id, promoted };
  });
}

// The attendance, locked through its slot, if the acting person may touch it.
async function lockAttendance(tx: DbOrTx, tenantId: string, scope: StaffScope, attendanceId: string) {
  const found = await repo.findAttendance(tx, tenantId, attendanceId);
  if (!found) throw attendanceNotFound();
  const slot = await repo.lockSlot(tx, tenantId, { id: found.slotId });
  const attendance = await repo.findAttendance(tx, tenantId, attendanceId);
  if (!slot || !attendance || !teachesStudent(scope, attendance.studentId, slot.licenseId)) throw attendanceNotFound();
  const exam = (await repo.findExam(tx, tenantId, slot.examId))!;
  return { slot, attendance, exam };
}

export async function withdrawAttendance(db: Db, tenant: Tenant, auth: Auth, scope: StaffScope, attendanceId: string, now = new Date()): Promise<ExamAttendanceAnswer> {
  return db.transaction(async (tx) => {
    const { slot, attendance, exam } = await lockAttendance(tx, tenant.id, scope, attendanceId);
    if (attendance.status === "withdrawn") throw attendanceNotFound();
    if (exam.date.getTime() <= now.getTime()) throw examAlreadyHeld();
    const promoted = await withdrawLocked(tx, slot, attendance.id, attendance.status === "registered", now);
    await recordAudit(tx, tenant.id, auth, { action: "exams.withdrawn", targetType: "exam_attendance", targetId: attendance.id, details: { promoted } });
    return { id: attendance.id, status: "withdrawn" as const, position: null, promotedAttendanceId: promoted };
  });
}
