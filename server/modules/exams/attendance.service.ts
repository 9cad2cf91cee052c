import type { ExamAttendanceAnswer } from "@/lib/contract/exams";
import type { Db, Tx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { recordAudit } from "../audit/audit.repository";
import { RETRYABLE, pgErrorCode } from "../../db/pg-errors";
import {
  alreadyBackup,
  alreadyRegistered,
  examAlreadyHeld,
  examNotFound,
  inscriptionsClosed,
  licenseNotAssigned,
  noPlacesAvailable,
  notRegistered,
  placesAvailable,
} from "./exam-errors";
import {
  addToCount,
  findActiveAttendance,
  findExam,
  insertAttendance,
  listBackups,
  lockSlot,
  studentLicenseIds,
  updateAttendance,
  type AttendanceRow,
  type SlotRow,
} from "./exams.repository";
import { isInWindow, visibleRemaining } from "./places";
import { onExamPromoted, onExamRegistered } from "../../notifications/account-events";

export type SlotRef = { examId: string; examType: number; licenseId: string };

export const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";

// A student's own action on a slot: the exam must exist in this school, its window be open and the licence be
// one the student is assigned to. Then the slot is locked for the rest of the transaction.
async function openSlotForStudent(tx: Tx, tenant: Tenant, studentId: string, ref: SlotRef, now: Date) {
  const exam = await findExam(tx, tenant.id, ref.examId);
  if (!exam) throw examNotFound();
  const slot = await lockSlot(tx, tenant.id, ref);
  if (!slot) throw examNotFound();
  if (!isInWindow(exam, now)) throw inscriptionsClosed();
  if (!(await studentLicenseIds(tx, tenant.id, studentId)).has(ref.licenseId)) throw licenseNotAssigned();
  const current = await findActiveAttendance(tx, slot.id, studentId);
  return { exam, slot, current };
}

// Registration and the reserve list are both for a student who is on neither yet.
function refuseIfOnSlot(current: AttendanceRow | null) {
  if (current?.status === "registered") throw alreadyRegistered();
  if (current?.status === "backup") throw alreadyBackup();
}

// One transaction, retried on serialisation failures. Row-lock conflicts never reach the client as 500: a
// duplicate is `onDuplicate`, a count above the places is "no places" (the check constraint is the last line of
// defence behind the lock).
async function inTransaction<T>(db: Db, onDuplicate: () => Error, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === UNIQUE_VIOLATION) throw onDuplicate();
      if (code === CHECK_VIOLATION) throw noPlacesAvailable();
      if (!code || !RETRYABLE.has(code) || attempt >= 3) throw error;
    }
  }
}

export async function registerForExam(db: Db, tenant: Tenant, auth: Auth, ref: SlotRef, now = new Date()): Promise<ExamAttendanceAnswer> {
  return inTransaction(db, alreadyRegistered, async (tx) => {
    const { slot, current } = await openSlotForStudent(tx, tenant, auth.userId, ref, now);
    refuseIfOnSlot(current);
    if (visibleRemaining(slot.places, slot.visibleLimit, slot.registeredCount) === 0) throw noPlacesAvailable();
    const row = await insertAttendance(tx, {
      tenantId: tenant.id,
      slotId: slot.id,
      studentId: auth.userId,
      status: "registered",
      joinedAt: now,
      registeredAt: now,
    });
    await addToCount(tx, slot.id, 1);
    await recordAudit(tx, tenant.id, auth, { action: "exams.registered", targetType: "exam_attendance", targetId: row.id, details: ref });
    await onExamRegistered(tx, tenant.id, slot.id, auth.userId, now);
    return { id: row.id, status: "registered" as const, position: null };
  });
}

export async function joinReserveList(db: Db, tenant: Tenant, auth: Auth, ref: SlotRef, now = new Date()): Promise<ExamAttendanceAnswer> {
  return inTransaction(db, alreadyBackup, async (tx) => {
    const { slot, current } = await openSlotForStudent(tx, tenant, auth.userId, ref, now);
    refuseIfOnSlot(current);
    if (visibleRemaining(slot.places, slot.visibleLimit, slot.registeredCount) !== 0) throw placesAvailable();
    const row = await insertAttendance(tx, { tenantId: tenant.id, slotId: slot.id, studentId: auth.userId, status: "backup", joinedAt: now });
    const position = (await listBackups(tx, slot.id)).findIndex((b) => b.id === row.id) + 1;
    await recordAudit(tx, tenant.id, auth, { action: "exams.backup_joined", targetType: "exam_attendance", targetId: row.id, details: ref });
    return { id: row.id, status: "backup" as const, position };
  });
}

// Moves the first of the reserve list up while shown places remain; the slot must be locked by the caller.
export async function promoteBackups(tx: Tx, slot: SlotRow, now: Date): Promise<string[]> {
  let count = slot.registeredCount;
  const promoted: AttendanceRow[] = [];
  for (const backup of await listBackups(tx, slot.id)) {
    if (visibleRemaining(slot.places, slot.visibleLimit, count) === 0) break;
    await updateAttendance(tx, backup.id, { status: "registered", registeredAt: now });
    count++;
    promoted.push(backup);
  }
  if (promoted.length > 0) await addToCount(tx, slot.id, promoted.length);
  await onExamPromoted(tx, slot.tenantId, slot.id, promoted.map((p) => p.studentId), now);
  return promoted.map((p) => p.id);
}

// Leaves a registration or the reserve list; a freed place goes to the first of the reserve list at once.
export async function withdrawLocked(tx: Tx, slot: SlotRow, attendanceId: string, wasRegistered: boolean, now: Date) {
  await updateAttendance(tx, attendanceId, { status: "withdrawn", withdrawnAt: now });
  if (!wasRegistered) return null;
  await addToCount(tx, slot.id, -1);
  const [promoted] = await promoteBackups(tx, { ...slot, registeredCount: slot.registeredCount - 1 }, now);
  return promoted ?? null;
}

export async function withdrawFromExam(db: Db, tenant: Tenant, auth: Auth, ref: SlotRef, now = new Date()): Promise<ExamAttendanceAnswer> {
  return inTransaction(db, notRegistered, async (tx) => {
    const { exam, slot, current } = await openSlotForStudent(tx, tenant, auth.userId, ref, now);
    if (exam.date.getTime() <= now.getTime()) throw examAlreadyHeld();
    if (!current) throw notRegistered();
    const promoted = await withdrawLocked(tx, slot, current.id, current.status === "registered", now);
    await recordAudit(tx, tenant.id, auth, {
      action: "exams.withdrawn",
      targetType: "exam_attendance",
      targetId: current.id,
      details: { ...ref, promotedAttendanceId: promoted },
    });
    return { id: current.id, status: "withdrawn" as const, position: null, promotedAttendanceId: promoted };
  });
}
