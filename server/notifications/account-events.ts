import { slotCost } from "@/lib/booking/balance";
import type { BalanceMode } from "@/lib/contract/config";
import { EXAM_RESULT_LABELS, examTypeName } from "@/lib/contract/constants/exams";
import { formatMoney } from "@/lib/format/money";
import type { Tx } from "../db/client";
import type { MovementRow } from "../modules/balance/balance.repository";
import type { BookingSettings } from "../modules/config/config.service";
import { findExam, findSlot } from "../modules/exams/exams.repository";
import { listAdministratorIds, namesOf } from "./events.repository";
import { amountText, instantWhen, lessonWhen } from "./format";
import { findTenantById } from "./notifications.repository";
import { notify } from "./notify";

// What practices, exams and balances tell (issue 29), written in the transaction of the change (the outbox).

const zoneOf = async (tx: Tx, tenantId: string) => (await findTenantById(tx, tenantId))?.timeZone ?? "Europe/Madrid";

export type FinishedPractice = { id: string; studentId: string; instructorId: string; startAt: Date; endAt: Date; kmStart: number; kmEnd: number };

/** The instructor recorded a practice: the student is told the kilometres, with a link to its detail. */
export async function onPracticeFinished(tx: Tx, tenant: { id: string; timeZone: string }, p: FinishedPractice, now: Date): Promise<void> {
  const names = await namesOf(tx, tenant.id, [p.instructorId]);
  await notify(tx, {
    tenantId: tenant.id,
    userIds: [p.studentId],
    kind: "practice-finished",
    params: { instructor: names.get(p.instructorId) ?? "", when: lessonWhen(p.startAt, p.endAt, now, tenant.timeZone), km: p.kmEnd - p.kmStart, practiceId: p.id },
    data: { practiceId: p.id },
    now,
  });
}

type ExamKind = "exam-registered" | "exam-promoted" | "exam-result";

async function notifyExam(tx: Tx, tenantId: string, slotId: string, studentIds: readonly string[], kind: ExamKind, now: Date, result?: number) {
  if (studentIds.length === 0) return;
  const found = await findSlot(tx, tenantId, slotId);
  const exam = found && (await findExam(tx, tenantId, found.slot.examId));
  if (!found || !exam) return;
  const params = {
    examType: examTypeName(found.slot.examType),
    license: found.licenseName,
    date: instantWhen(exam.date, now, await zoneOf(tx, tenantId)),
    result: result === undefined ? null : (EXAM_RESULT_LABELS[result] ?? null),
  };
  await notify(tx, { tenantId, userIds: [...studentIds], kind, params, data: { examId: exam.id }, now });
}

/** A registration on an exam (the student's own, or made by the school). */
export const onExamRegistered = (tx: Tx, tenantId: string, slotId: string, studentId: string, now: Date) =>
  notifyExam(tx, tenantId, slotId, [studentId], "exam-registered", now);

/** Students moved up from the reserve list to registered. */
export const onExamPromoted = (tx: Tx, tenantId: string, slotId: string, studentIds: readonly string[], now: Date) =>
  notifyExam(tx, tenantId, slotId, studentIds, "exam-promoted", now);

/** A result recorded (or corrected); 0 ('Pendiente') is no result and tells nothing. */
export async function onExamResult(tx: Tx, tenantId: string, slotId: string, studentId: string, result: number, previous: number | null, now: Date) {
  if (result === 0 || result === previous) return;
  await notifyExam(tx, tenantId, slotId, [studentId], "exam-result", now, result);
}

/** Balance added by card (a paid order) or at the desk: the student is told the amount and the new balance. */
export async function onBalanceCredited(tx: Tx, tenantId: string, movement: MovementRow, via: "card" | "desk", now: Date): Promise<void> {
  await notify(tx, {
    tenantId,
    userIds: [movement.studentId],
    kind: "balance-credited",
    params: { amount: amountText(movement.type, movement.amount), balance: amountText(movement.type, movement.amountAfter), via },
    data: { movementId: movement.id },
    now,
  });
}

/** A card payment that failed at Stripe: the school's administrators are told, once per PaymentIntent. */
export async function onPaymentFailed(tx: Tx, tenantId: string, payment: { intentId: string; studentId: string; amountCents: number }, now: Date) {
  // One query at a time: a transaction is one connection.
  const office = await listAdministratorIds(tx, tenantId);
  const names = await namesOf(tx, tenantId, [payment.studentId]);
  await notify(tx, {
    tenantId,
    userIds: office,
    kind: "payment-failed",
    params: { amount: formatMoney(payment.amountCents), student: names.get(payment.studentId) ?? "", studentId: payment.studentId },
    data: { studentId: payment.studentId },
    dedupeKey: `payment-failed:${payment.intentId}`,
    now,
  });
}

/** What one lesson costs at least (the shortest the school allows), in the balance's mode. */
export const oneLessonCost = (mode: BalanceMode, settings: Pick<BookingSettings, "durations" | "hourlyPriceCents">) =>
  slotCost(mode, settings.durations[0] ?? 3600, settings.hourlyPriceCents);

/** A debit that left the balance below one lesson (from at least one): the student is told, once per crossing. */
export async function onBalanceDebited(
  tx: Tx,
  tenantId: string,
  studentId: string,
  balance: { mode: BalanceMode; before: number; after: number },
  settings: Pick<BookingSettings, "durations" | "hourlyPriceCents">,
  now: Date,
): Promise<void> {
  const lesson = oneLessonCost(balance.mode, settings);
  if (!(balance.before >= lesson && balance.after < lesson)) return;
  await notify(tx, { tenantId, userIds: [studentId], kind: "balance-low", params: { balance: amountText(balance.mode, balance.after) }, now });
}
