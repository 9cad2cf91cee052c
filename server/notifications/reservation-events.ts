import type { BalanceMode } from "@/lib/contract/config";
import type { Tx } from "../db/client";
import type { Tenant } from "../http/context";
import type { BookingSettings } from "../modules/config/config.service";
import type { ReservationRow } from "../modules/reservations/reservations.repository";
import { onBalanceDebited } from "./account-events";
import { namesOf } from "./events.repository";
import { lessonWhen } from "./format";
import { notify } from "./notify";
import { dropReminders, scheduleReminders } from "./reminders";
import { endAlertsOnBooking, onSlotFreed } from "./slot-alerts";
import { dropStaleCheck, scheduleStaleCheck } from "./stale-cancellations";

// What a lesson's changes tell, written in the transaction that makes the change (the outbox): the services call one
// of these after their UPDATE succeeded, so a refused or rolled-back change tells nothing.

type TenantRef = Pick<Tenant, "id" | "timeZone">;
type Lesson = Pick<ReservationRow, "id" | "studentId" | "instructorId" | "startAt" | "endAt">;

const nameOf = async (tx: Tx, tenantId: string, id: string) => (await namesOf(tx, tenantId, [id])).get(id) ?? "";
const when = (r: Pick<Lesson, "startAt" | "endAt">, now: Date, tenant: TenantRef) => lessonWhen(r.startAt, r.endAt, now, tenant.timeZone);

export type Decision = "confirm" | "deny" | "annul" | "acceptCancellation" | "rejectCancellation";

const DECISION_KIND = {
  confirm: "reservation-confirmed",
  deny: "reservation-denied",
  annul: "reservation-annulled",
  acceptCancellation: "cancellation-accepted",
  rejectCancellation: "cancellation-rejected",
} as const;

/** The instructor decided on a lesson (row: as updated): the student is told; reminders, alerts and checks follow. */
export async function onReservationDecided(tx: Tx, tenant: TenantRef, decision: Decision, row: ReservationRow, now: Date): Promise<void> {
  const reason = decision === "rejectCancellation" ? row.cancellationResponse : decision === "deny" || decision === "annul" ? row.decisionReason : null;
  await notify(tx, {
    tenantId: tenant.id,
    userIds: [row.studentId],
    kind: DECISION_KIND[decision],
    params: { instructor: await nameOf(tx, tenant.id, row.instructorId), when: when(row, now, tenant), reason: reason || null, reservationId: row.id },
    data: { reservationId: row.id },
    now,
  });
  if (decision === "confirm") await scheduleReminders(tx, tenant.id, [row], now);
  if (decision === "annul" || decision === "acceptCancellation") await dropReminders(tx, [row.id]);
  if (decision !== "confirm" && decision !== "deny") await dropStaleCheck(tx, row.id);
  if (decision === "deny" || decision === "annul" || decision === "acceptCancellation") await onSlotFreed(tx, tenant, row, now);
}

/** The school annulled lessons (an instructor's day off): each student is told; their reminders and checks go. */
export async function onAnnulledBySchool(tx: Tx, tenant: TenantRef, rows: readonly ReservationRow[], now: Date): Promise<void> {
  for (const row of rows) await onReservationDecided(tx, tenant, "annul", row, now);
}

/** The student cancelled a request not yet confirmed: the instructor is told, and the slot is free again. */
export async function onStudentCancelled(tx: Tx, tenant: TenantRef, row: ReservationRow, now: Date): Promise<void> {
  await notify(tx, {
    tenantId: tenant.id,
    userIds: [row.instructorId],
    kind: "reservation-cancelled",
    params: { student: await nameOf(tx, tenant.id, row.studentId), when: when(row, now, tenant), reservationId: row.id },
    data: { reservationId: row.id },
    now,
  });
  await dropReminders(tx, [row.id]);
  await onSlotFreed(tx, tenant, row, now);
}

/** The student asked to cancel a confirmed lesson: the instructor is told; the office, if nobody answers in 24 h. */
export async function onCancellationRequested(tx: Tx, tenant: TenantRef, row: ReservationRow, now: Date): Promise<void> {
  await notify(tx, {
    tenantId: tenant.id,
    userIds: [row.instructorId],
    kind: "cancellation-requested",
    params: { student: await nameOf(tx, tenant.id, row.studentId), when: when(row, now, tenant), reason: row.cancellationRequestReason, reservationId: row.id },
    data: { reservationId: row.id },
    now,
  });
  await scheduleStaleCheck(tx, tenant.id, row, now);
}

export type Booked = {
  studentId: string;
  instructorId: string;
  status: "requested" | "confirmed";
  lessons: { id: string; start: number; end: number }[];
  /** The student's balance in its mode before and after the booking's debit. */
  balance: { mode: BalanceMode; before: number; after: number };
};

/**
 * A booking (one or more lessons): the instructor is told of the request (or of the booking, when the school confirms
 * at once, which also schedules the reminders); the student's alerts for those days end; a balance that fell below
 * one lesson is told.
 */
export async function onBooked(tx: Tx, tenant: TenantRef, b: Booked, settings: BookingSettings, now: Date): Promise<void> {
  const lessons = [...b.lessons].sort((x, y) => x.start - y.start);
  const first = lessons[0];
  if (!first) return;
  await notify(tx, {
    tenantId: tenant.id,
    userIds: [b.instructorId],
    kind: b.status === "confirmed" ? "reservation-booked" : "reservation-requested",
    params: {
      student: await nameOf(tx, tenant.id, b.studentId),
      when: lessonWhen(first.start, first.end, now, tenant.timeZone),
      count: lessons.length,
      reservationId: first.id,
    },
    data: { reservationId: first.id },
    now,
  });
  const rows = lessons.map((l) => ({ id: l.id, startAt: new Date(l.start) }));
  if (b.status === "confirmed") await scheduleReminders(tx, tenant.id, rows, now);
  await endAlertsOnBooking(tx, tenant, b.studentId, b.instructorId, rows.map((r) => r.startAt), now);
  await onBalanceDebited(tx, tenant.id, b.studentId, b.balance, settings, now);
}
