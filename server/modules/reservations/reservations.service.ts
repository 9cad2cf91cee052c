import type { InstructorAssignment, Reservation } from "@/lib/contract/reservations";
import type { Db, DbOrTx, Tx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { changeBalance } from "../balance/balance.service";
import { getBookingSettings } from "../config/config.service";
import { listAssignments } from "./assignments.repository";
import { toReservation } from "./reservation-view";
import { findReservationView, listReservationViews, updateIf, type ReservationRow } from "./reservations.repository";

const NOT_FOUND = "Reserva no encontrada";
const notCancellable = (message: string) => conflict("RESERVATION_NOT_CANCELLABLE", message);

export async function listStudentAssignments(db: DbOrTx, tenantId: string, studentId: string): Promise<InstructorAssignment[]> {
  const rows = await listAssignments(db, tenantId, { studentId });
  return rows
    .filter((r) => r.instructorIsActive)
    .map((r) => ({ id: r.id, instructor: { id: r.instructorId, firstName: r.instructorFirstName }, license: r.license }));
}

export async function listStudentReservations(db: DbOrTx, tenantId: string, studentId: string, now = new Date()): Promise<Reservation[]> {
  const [settings, views] = await Promise.all([getBookingSettings(db, tenantId), listReservationViews(db, tenantId, { studentId })]);
  return views.map((v) => toReservation(v, now, settings.cancelDeadlineHours));
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

// Cancels a request that the school has not confirmed yet, refunding it (spec §4).
export async function cancelReservation(db: Db, tenant: Tenant, auth: Auth, id: string, now = new Date()): Promise<Reservation> {
  await db.transaction(async (tx) => {
    const row = await updateIf(tx, tenant.id, id, { status: "requested", studentId: auth.userId, pendingRequest: false }, { status: "cancelled" });
    if (!row) {
      if (!(await findReservationView(tx, tenant.id, id, { studentId: auth.userId }))) throw notFound(NOT_FOUND);
      throw notCancellable("Esta reserva ya no se puede cancelar");
    }
    await refund(tx, tenant.id, row, "reserva_cancelada", auth.impersonatorId ?? auth.userId);
    await recordAudit(tx, tenant.id, auth, { action: "reservations.cancelled", targetType: "reservation", targetId: id });
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
      { cancellationRequestStatus: "pending", cancellationRequestReason: reason, cancellationRequestedAt: now, cancellationResponse: null },
    );
    if (!row) {
      if (!(await findReservationView(tx, tenant.id, id, { studentId: auth.userId }))) throw notFound(NOT_FOUND);
      throw notCancellable(
        `Solo se puede solicitar la cancelación de una reserva confirmada hasta ${settings.cancelDeadlineHours} horas antes de su inicio`,
      );
    }
    await recordAudit(tx, tenant.id, auth, { action: "reservations.cancellation_requested", targetType: "reservation", targetId: id });
  });
  return getStudentReservation(db, tenant.id, auth.userId, id, now);
}
