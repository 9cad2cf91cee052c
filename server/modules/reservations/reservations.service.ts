import { sql } from "drizzle-orm";
import { DEFAULT_PAGE_SIZE } from "@/lib/contract/constants/paging";
import { countOf } from "@/lib/format/plural";
import {
  ACTIVE_RESERVATION_STATUSES,
  type InstructorAssignment,
  type Reservation,
  type StudentReservationScope,
  type StudentReservationsQuery,
} from "@/lib/contract/reservations";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { reservations } from "../../db/schema/reservations";
import type { Auth, Tenant } from "../../http/context";
import type { Page } from "../../http/cursor";
import { AppError, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { changeBalance } from "../balance/balance.service";
import { getBookingSettings } from "../config/config.service";
import { listAssignments } from "./assignments.repository";
import { toReservation } from "./reservation-view";
import { readReservationPage, type ScopeSpec } from "./reservation-pages";
import { countCancellationsSince, findReservationView, updateIf, type ReservationRow } from "./reservations.repository";
import { onCancellationRequested, onStudentCancelled } from "../../notifications/reservation-events";
import { namesOf } from "../../notifications/events.repository";

const NOT_FOUND = "Reserva no encontrada";

/** What an activity-log entry of a lesson says (issue 31 §6): the student, the instructor and the lesson's time. */
export async function lessonDetails(tx: DbOrTx, tenantId: string, row: Pick<ReservationRow, "studentId" | "instructorId" | "startAt" | "endAt">) {
  const names = await namesOf(tx, tenantId, [row.studentId, row.instructorId]);
  return { student: names.get(row.studentId) ?? null, instructor: names.get(row.instructorId) ?? null, start: row.startAt.toISOString(), end: row.endAt.toISOString() };
}
const notCancellable = (message: string) => conflict("RESERVATION_NOT_CANCELLABLE", message);

export async function listStudentAssignments(db: DbOrTx, tenantId: string, studentId: string): Promise<InstructorAssignment[]> {
  const rows = await listAssignments(db, tenantId, { studentId });
  return rows
    .filter((r) => r.instructorIsActive)
    .map((r) => ({ id: r.id, instructor: { id: r.instructorId, firstName: r.instructorFirstName }, license: r.license }));
}

function studentScope(scope: StudentReservationScope, studentId: string, now: Date): ScopeSpec {
  switch (scope) {
    case "upcoming": {
      // The tab lists every reservation still ahead (the cancelled and annulled ones dimmed) but counts only what the
      // student still has: requested or confirmed.
      const filter = { studentId, extra: sql`${reservations.endAt} > ${now}` };
      return { filter, direction: "asc", countFilter: { ...filter, statuses: ACTIVE_RESERVATION_STATUSES } };
    }
    case "previous":
      return { filter: { studentId, extra: sql`${reservations.endAt} <= ${now}` }, direction: "desc" };
    case "all":
      return { filter: { studentId }, direction: "asc" };
  }
}

export async function listStudentReservations(
  db: DbOrTx,
  tenantId: string,
  studentId: string,
  query: StudentReservationsQuery = { scope: "all", limit: DEFAULT_PAGE_SIZE },
  now = new Date(),
): Promise<Page<Reservation>> {
  const [settings, page] = await Promise.all([
    getBookingSettings(db, tenantId),
    readReservationPage(db, tenantId, `student:${query.scope}`, studentScope(query.scope, studentId, now), query),
  ]);
  return { ...page, items: page.views.map((v) => toReservation(v, now, settings.cancelDeadlineHours)) };
}

export async function getStudentReservation(db: DbOrTx, tenantId: string, studentId: string, id: string, now = new Date()): Promise<Reservation> {
  const [settings, view] = await Promise.all([getBookingSettings(db, tenantId), findReservationView(db, tenantId, id, { studentId })]);
  if (!view) throw notFound(NOT_FOUND);
  return toReservation(view, now, settings.cancelDeadlineHours);
}

// Gives back exactly what the reservation charged, in the mode it was charged.
export async function refund(tx: Tx, tenantId: string, row: ReservationRow, description: "reserva_cancelada" | "reserva_denegada" | "reserva_anulada", actorId: string) {
  await changeBalance(tx, {
    tenantId,
    studentId: row.studentId,
    mode: row.chargeMode,
    amount: row.chargeAmount,
    operation: "top-up",
    description,
    reservationId: row.id,
    actorId,
  });
}

const DAY_MS = 86_400_000;

export const tooManyCancellations = (max: number) =>
  new AppError(
    "TOO_MANY_CANCELLATIONS",
    `Has alcanzado el máximo de ${max} ${max === 1 ? "cancelación" : "cancelaciones"} en 24 horas. Podrás cancelar de nuevo más tarde; si lo necesitas, contacta con la autoescuela.`,
    429,
  );

// Cancels a request that the school has not confirmed yet, refunding it (spec §4). Each cancellation and its refund
// write ledger rows, so a student may cancel at most max_cancellations_per_day times in any 24 hours (the school's
// setting); an administrator acting as the student is not held to it (the school helping, not a loop).
export async function cancelReservation(db: Db, tenant: Tenant, auth: Auth, id: string, now = new Date()): Promise<Reservation> {
  const settings = await getBookingSettings(db, tenant.id);
  await db.transaction(async (tx) => {
    const row = await updateIf(
      tx,
      tenant.id,
      id,
      { status: "requested", studentId: auth.userId, pendingRequest: false },
      { status: "cancelled", cancelledAt: now, cancellationActedById: auth.impersonatorId },
    );
    if (!row) {
      if (!(await findReservationView(tx, tenant.id, id, { studentId: auth.userId }))) throw notFound(NOT_FOUND);
      throw notCancellable("Esta reserva ya no se puede cancelar");
    }
    // The refund locks the student's balance row, so two cancellations at once are counted one after the other.
    await refund(tx, tenant.id, row, "reserva_cancelada", auth.impersonatorId ?? auth.userId);
    if (!auth.impersonatorId) {
      const count = await countCancellationsSince(tx, tenant.id, auth.userId, new Date(now.getTime() - DAY_MS));
      if (count > settings.maxCancellationsPerDay) throw tooManyCancellations(settings.maxCancellationsPerDay);
    }
    await recordAudit(tx, tenant.id, auth, { action: "reservations.cancelled", targetType: "reservation", targetId: id, details: await lessonDetails(tx, tenant.id, row) });
    await onStudentCancelled(tx, tenant, row, now);
  });
  return getStudentReservation(db, tenant.id, auth.userId, id, now);
}

// Asks the school to cancel a confirmed lesson, before the deadline (spec §4, §5).
export async function requestCancellation(db: Db, tenant: Tenant, auth: Auth, id: string, reason: string, now = new Date()): Promise<Reservation> {
  const settings = await getBookingSettings(db, tenant.id);
  await db.transaction(async (tx) => {
    const deadline = new Date(now.getTime() + settings.cancelDeadlineHours * 3_600_000);
    const row = await updateIf(
      tx,
      tenant.id,
      id,
      { status: "confirmed", studentId: auth.userId, pendingRequest: false, startsAfter: deadline },
      {
        cancellationRequestStatus: "pending",
        cancellationRequestReason: reason,
        cancellationRequestedAt: now,
        cancellationResponse: null,
        cancellationActedById: auth.impersonatorId,
      },
    );
    if (!row) {
      if (!(await findReservationView(tx, tenant.id, id, { studentId: auth.userId }))) throw notFound(NOT_FOUND);
      throw notCancellable(
        `Solo se puede solicitar la cancelación de una reserva confirmada hasta ${countOf(settings.cancelDeadlineHours, "hora", "horas")} antes de su inicio`,
      );
    }
    await recordAudit(tx, tenant.id, auth, {
      action: "reservations.cancellation_requested",
      targetType: "reservation",
      targetId: id,
      details: await lessonDetails(tx, tenant.id, row),
    });
    await onCancellationRequested(tx, tenant, row, now);
  });
  return getStudentReservation(db, tenant.id, auth.userId, id, now);
}

// Annuls booked lessons for the school (a day off of their instructor, availability.service.ts) inside the caller's
// transaction: each one still requested or confirmed becomes 'anulled' with the reason (the student reads it on the
// card), closes a pending cancellation request and is refunded with a 'reserva_anulada' ledger row. A lesson that
// stopped being active meanwhile (its student cancelled it, and was refunded then) is left as it is.
export async function annulBySchool(
  tx: Tx,
  tenantId: string,
  auth: Auth,
  instructorId: string,
  ids: readonly string[],
  reason: string,
  now: Date,
): Promise<ReservationRow[]> {
  const actorId = auth.impersonatorId ?? auth.userId;
  const annulled: ReservationRow[] = [];
  // In id order, so two transactions annulling the same lessons lock them in the same order.
  for (const id of [...ids].sort()) {
    const row = await updateIf(
      tx,
      tenantId,
      id,
      { status: ACTIVE_RESERVATION_STATUSES, instructorId },
      {
        status: "anulled",
        decisionReason: reason,
        cancellationRequestStatus: sql`case when ${reservations.cancellationRequestStatus} = 'pending' then 'closed' else ${reservations.cancellationRequestStatus} end` as never,
        decidedAt: now,
        decidedBy: actorId,
      },
    );
    if (!row) continue;
    await refund(tx, tenantId, row, "reserva_anulada", actorId);
    await recordAudit(tx, tenantId, auth, { action: "reservations.annulled", targetType: "reservation", targetId: id, details: { reason, ...(await lessonDetails(tx, tenantId, row)) } });
    annulled.push(row);
  }
  return annulled;
}
