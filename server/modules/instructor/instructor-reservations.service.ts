import { sql } from "drizzle-orm";
import type { InstructorReservation, InstructorReservationsQuery, ReservationScope } from "@/lib/contract/instructor";
import type { Db, DbOrTx } from "../../db/client";
import { reservations } from "../../db/schema/reservations";
import type { Auth, Tenant } from "../../http/context";
import type { Page } from "../../http/cursor";
import { conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { getBookingSettings } from "../config/config.service";
import { toInstructorReservation } from "../reservations/reservation-view";
import { refund } from "../reservations/reservations.service";
import { readReservationPage, type ScopeSpec } from "../reservations/reservation-pages";
import { findReservationView, updateIf, type NewReservation, type ReservationFilter } from "../reservations/reservations.repository";
import { onReservationDecided } from "../../notifications/reservation-events";
import { namesOf } from "../../notifications/events.repository";

const NOT_FOUND = "Reserva no encontrada";
const ACTIVE = ["requested", "confirmed"] as const;

// Each tab is one range of the instructor's reservations by their end (migration 0013's indexes).
function scopeSpec(scope: ReservationScope, instructorId: string, now: Date): ScopeSpec {
  switch (scope) {
    case "pending":
      return {
        filter: { instructorId, extra: sql`(${reservations.status} = 'requested' or ${reservations.cancellationRequestStatus} = 'pending')` },
        direction: "asc",
      };
    case "upcoming":
      return { filter: { instructorId, statuses: ACTIVE, extra: sql`${reservations.endAt} > ${now}` }, direction: "asc" };
    case "past":
      return { filter: { instructorId, extra: sql`${reservations.endAt} <= ${now}` }, direction: "desc" };
    case "all":
      return { filter: { instructorId }, direction: "asc" };
  }
}

export async function listInstructorReservations(
  db: DbOrTx,
  tenantId: string,
  instructorId: string,
  query: InstructorReservationsQuery,
  now = new Date(),
  extra: ReservationFilter = {},
): Promise<Page<InstructorReservation>> {
  const spec = scopeSpec(query.scope, instructorId, now);
  const [settings, page] = await Promise.all([
    getBookingSettings(db, tenantId),
    readReservationPage(db, tenantId, `instructor:${query.scope}`, { ...spec, filter: { ...spec.filter, ...extra, instructorId } }, query),
  ]);
  return { ...page, items: page.views.map((v) => toInstructorReservation(v, now, settings.cancelDeadlineHours)) };
}

async function getOne(db: DbOrTx, tenantId: string, instructorId: string | undefined, id: string, now: Date): Promise<InstructorReservation> {
  const [settings, view] = await Promise.all([getBookingSettings(db, tenantId), findReservationView(db, tenantId, id, { instructorId })]);
  if (!view) throw notFound(NOT_FOUND);
  return toInstructorReservation(view, now, settings.cancelDeadlineHours);
}

type Action = {
  name: string;
  from: "requested" | "confirmed";
  pendingRequest?: boolean;
  set: (reason: string | null, now: Date, auth: Auth) => Partial<NewReservation>;
  refund?: "reserva_cancelada" | "reserva_denegada" | "reserva_anulada";
  wrongStatus: string;
};

const decided = (now: Date, auth: Auth) => ({ decidedAt: now, decidedBy: auth.impersonatorId ?? auth.userId });

export const ACTIONS = {
  confirm: {
    name: "confirmed",
    from: "requested",
    set: (_r, now, auth) => ({ status: "confirmed", ...decided(now, auth) }),
    wrongStatus: "Solo se pueden confirmar reservas pendientes",
  },
  deny: {
    name: "denied",
    from: "requested",
    set: (reason, now, auth) => ({ status: "denied", decisionReason: reason, ...decided(now, auth) }),
    refund: "reserva_denegada",
    wrongStatus: "Solo se pueden denegar reservas pendientes",
  },
  annul: {
    name: "annulled",
    from: "confirmed",
    set: (reason, now, auth) => ({
      status: "anulled",
      decisionReason: reason,
      // An annulment also closes a pending cancellation request.
      cancellationRequestStatus: sql`case when ${reservations.cancellationRequestStatus} = 'pending' then 'closed' else ${reservations.cancellationRequestStatus} end` as never,
      ...decided(now, auth),
    }),
    refund: "reserva_anulada",
    wrongStatus: "Solo se pueden anular reservas confirmadas",
  },
  acceptCancellation: {
    name: "cancellation_accepted",
    from: "confirmed",
    pendingRequest: true,
    set: (_r, now, auth) => ({ status: "cancelled", cancellationRequestStatus: "accepted", ...decided(now, auth) }),
    refund: "reserva_cancelada",
    wrongStatus: "La reserva no tiene una solicitud de cancelación pendiente",
  },
  rejectCancellation: {
    name: "cancellation_rejected",
    from: "confirmed",
    pendingRequest: true,
    set: (reason, now, auth) => ({ cancellationRequestStatus: "rejected", cancellationResponse: reason, ...decided(now, auth) }),
    wrongStatus: "La reserva no tiene una solicitud de cancelación pendiente",
  },
} satisfies Record<string, Action>;

// Every decision re-checks the status in its UPDATE ... WHERE, so two people acting at once cannot both
// succeed (and cannot refund twice). The instructor decides on their own reservations; the office (`asOffice`, issue 31)
// on any of the school's, with the same rules, and its audit entry names the student, the instructor and the time.
export async function decide(
  db: Db,
  tenant: Tenant,
  auth: Auth,
  id: string,
  action: keyof typeof ACTIONS,
  reason: string | null = null,
  now = new Date(),
  asOffice = false,
): Promise<InstructorReservation> {
  const a: Action = ACTIONS[action];
  const instructorId = asOffice ? undefined : auth.userId;
  await db.transaction(async (tx) => {
    const row = await updateIf(tx, tenant.id, id, { status: a.from, instructorId, pendingRequest: a.pendingRequest }, a.set(reason, now, auth));
    if (!row) {
      if (!(await findReservationView(tx, tenant.id, id, { instructorId }))) throw notFound(NOT_FOUND);
      throw conflict("INVALID_RESERVATION_STATUS", a.wrongStatus);
    }
    if (a.refund) await refund(tx, tenant.id, row, a.refund, auth.impersonatorId ?? auth.userId);
    // The student is told in this transaction (reminders, freed-slot alerts and the office's check follow).
    await onReservationDecided(tx, tenant, action, row, now);
    await recordAudit(tx, tenant.id, auth, {
      action: `reservations.${a.name}`,
      targetType: "reservation",
      targetId: id,
      // Every decision names the student, the instructor and the lesson's time (issue 31 §6); the office's says so.
      details: { ...(reason ? { reason } : {}), ...(await officeDetails(tx, tenant.id, row, asOffice)) },
    });
  });
  return getOne(db, tenant.id, instructorId, id, now);
}

async function officeDetails(tx: DbOrTx, tenantId: string, row: { studentId: string; instructorId: string; startAt: Date }, asOffice: boolean) {
  const names = await namesOf(tx, tenantId, [row.studentId, row.instructorId]);
  return {
    ...(asOffice ? { byOffice: true } : {}),
    student: names.get(row.studentId) ?? null,
    instructor: names.get(row.instructorId) ?? null,
    start: row.startAt.toISOString(),
  };
}
