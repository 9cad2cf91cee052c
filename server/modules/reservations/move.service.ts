import type { MoveCalendarQuery, MoveReservationBody } from "@/lib/contract/reservations";
import type { BookingCalendarEvent } from "@/lib/contract/reservations";
import { slotCost } from "@/lib/booking/balance";
import { countOf } from "@/lib/format/plural";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { EXCLUSION_VIOLATION, RETRYABLE, pgErrorCode } from "../../db/pg-errors";
import type { Auth, Tenant } from "../../http/context";
import { AppError, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { ensureBalance } from "../balance/balance.repository";
import { changeBalance } from "../balance/balance.service";
import { getBookingSettings, toBookingSettings, type BookingSettings } from "../config/config.service";
import { namesOf } from "../../notifications/events.repository";
import { calendarFor } from "./booking-calendar.service";
import { readBookingState } from "./booking.repository";
import { checkSlots, findUnavailable, rangeAround, slotsUnavailable } from "./booking.service";
import { onMoved, type Mover } from "./move-events";
import { reservationFlags, staffCanMove, toInstructorReservation, toReservation } from "./reservation-view";
import { findReservationView, listActiveBusy, lockReservation, updateTime, type ReservationRow } from "./reservations.repository";
import { overlaps, type Interval } from "./slots";

export type { Mover } from "./move-events";

const NOT_FOUND = "Reserva no encontrada";
const MAX_ATTEMPTS = 3;
const DAY_MS = 86_400_000;
const notMovable = (message: string) => conflict("RESERVATION_NOT_MOVABLE", message);

/** Which reservations the caller may see: the student's own, the instructor's own, any of the school's for the office. */
export const scopeOf = (mover: Mover, auth: Auth) =>
  mover === "student" ? { studentId: auth.userId } : mover === "instructor" ? { instructorId: auth.userId } : {};

// The student moves a lesson inside the cancellation rules (spec §4: a request at any time, a confirmed lesson up to
// the cancellation deadline, neither while a cancellation request is pending); the staff any active lesson still ahead.
function checkMovable(row: ReservationRow, mover: Mover, settings: BookingSettings, now: Date): void {
  if (mover !== "student") {
    if (!staffCanMove(row, now)) throw notMovable("Solo se pueden cambiar de hora reservas pendientes o confirmadas que aún no han empezado");
    return;
  }
  if (reservationFlags(row, now, settings.cancelDeadlineHours).canMove) return;
  if (row.cancellationRequestStatus === "pending") throw notMovable("Esta reserva tiene una solicitud de cancelación pendiente");
  if (row.status === "confirmed" && row.startAt.getTime() > now.getTime()) {
    throw notMovable(`Solo se puede cambiar la hora de una reserva confirmada hasta ${countOf(settings.cancelDeadlineHours, "hora", "horas")} antes de su inicio`);
  }
  throw notMovable("Esta reserva ya no se puede cambiar de hora");
}

// The price difference, in the ledger of the reservation: the new time costs what the school charges now; what the
// lesson was charged (in the mode it was charged) is set against it. A charge the balance cannot cover is refused
// (INSUFFICIENT_BALANCE) and the transaction changes nothing.
async function settlePrice(tx: Tx, tenantId: string, row: ReservationRow, charge: { mode: "time" | "money"; amount: number }, actorId: string) {
  const base = { tenantId, studentId: row.studentId, description: "reserva_cambiada" as const, reservationId: row.id, actorId };
  if (row.chargeMode === charge.mode) {
    const diff = charge.amount - row.chargeAmount;
    if (diff === 0) return;
    await changeBalance(tx, { ...base, mode: charge.mode, amount: Math.abs(diff), operation: diff > 0 ? "consumption" : "top-up" });
    return;
  }
  // The school changed its balance mode since the booking: give back the old charge, take the new one.
  await changeBalance(tx, { ...base, mode: row.chargeMode, amount: row.chargeAmount, operation: "top-up" });
  await changeBalance(tx, { ...base, mode: charge.mode, amount: charge.amount, operation: "consumption" });
}

async function moveOnce(db: Db, tenant: Tenant, auth: Auth, id: string, slot: Interval, mover: Mover, now: Date): Promise<ReservationRow> {
  return db.transaction(async (tx) => {
    // The lesson first, then (in readBookingState) the student's balance: the order a cancellation takes them in.
    const row = await lockReservation(tx, tenant.id, id, scopeOf(mover, auth));
    if (!row) throw notFound(NOT_FOUND);
    const who = { studentId: row.studentId, instructorId: row.instructorId, licenseId: row.licenseId };
    const ranges = [rangeAround(slot, tenant.timeZone)];
    let state = await readBookingState(tx, tenant.id, who, ranges, null);
    if (!state.balance) {
      await ensureBalance(tx, tenant.id, row.studentId);
      state = await readBookingState(tx, tenant.id, who, ranges, null);
    }
    const settings = toBookingSettings(state.settings);
    checkMovable(row, mover, settings, now);
    if (slot.start === row.startAt.getTime() && slot.end === row.endAt.getTime()) {
      throw new AppError("VALIDATION_ERROR", "La nueva hora es la misma que la actual", 422);
    }
    checkSlots([slot], settings, now);
    if (!state.assignment?.instructorIsActive) throw notMovable("El alumno ya no tiene asignado a este profesor con este permiso");
    // The lesson's own time is not busy for itself (no other active lesson of its instructor or student can share it).
    const own = { start: row.startAt.getTime(), end: row.endAt.getTime() };
    const ownIndex = state.busy.findIndex((b) => b.start === own.start && b.end === own.end);
    const busy = state.busy.filter((_, i) => i !== ownIndex);
    if (findUnavailable({ ...state, busy }, ranges, [slot], tenant.timeZone, now).length > 0) throw slotsUnavailable([slot]);

    const mode = settings.balanceMode;
    const charge = { mode, amount: slotCost(mode, (slot.end - slot.start) / 1000, settings.hourlyPriceCents) };
    const actorId = auth.impersonatorId ?? auth.userId;
    await settlePrice(tx, tenant.id, row, charge, actorId);
    // A student's move in a school that confirms requests asks again for the new time (as a booking would).
    const status = mover === "student" && settings.reservationMode === "request" ? "requested" : row.status;
    // 23P01 here: another booking took the slot after our read (the exclusion constraints decide).
    const moved = await updateTime(tx, tenant.id, id, {
      startAt: new Date(slot.start),
      endAt: new Date(slot.end),
      status,
      chargeMode: charge.mode,
      chargeAmount: charge.amount,
    });
    const names = await namesOf(tx, tenant.id, [row.studentId, row.instructorId]);
    await recordAudit(tx, tenant.id, auth, {
      action: "reservations.moved",
      targetType: "reservation",
      targetId: id,
      details: {
        student: names.get(row.studentId) ?? null,
        instructor: names.get(row.instructorId) ?? null,
        previousStart: row.startAt.toISOString(),
        previousEnd: row.endAt.toISOString(),
        start: moved.startAt.toISOString(),
        end: moved.endAt.toISOString(),
        ...(mover === "office" ? { byOffice: true } : {}),
        ...(status !== row.status ? { status } : {}),
        ...(charge.mode !== row.chargeMode || charge.amount !== row.chargeAmount
          ? { mode: charge.mode, previousCharge: row.chargeMode === charge.mode ? row.chargeAmount : null, charge: charge.amount }
          : {}),
      },
    });
    await onMoved(tx, tenant, mover, row, moved, now);
    return moved;
  });
}

/**
 * Moves a reservation to another free slot in one transaction (issue 31 §5): the new time is taken and the old one
 * released by one UPDATE, the price difference charged or refunded with its ledger row, the other side told, the move
 * audited. A refused move changes nothing. A move that loses the slot to a concurrent booking answers SLOTS_UNAVAILABLE.
 */
export async function moveReservation(db: Db, tenant: Tenant, auth: Auth, id: string, body: MoveReservationBody, mover: Mover, now = new Date()) {
  const slot = { start: Date.parse(body.start), end: Date.parse(body.end) };
  for (let attempt = 1; ; attempt++) {
    try {
      return await moveOnce(db, tenant, auth, id, slot, mover, now);
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === EXCLUSION_VIOLATION) {
        const row = await findReservationView(db, tenant.id, id);
        const who = row ? { instructorId: row.reservation.instructorId, studentId: row.reservation.studentId } : null;
        const busy = who ? await listActiveBusy(db, tenant.id, who, new Date(slot.start), new Date(slot.end)) : [];
        if (busy.some((b) => b.id !== id && overlaps(slot, { start: b.startAt.getTime(), end: b.endAt.getTime() }))) throw slotsUnavailable([slot]);
      } else if (!code || !RETRYABLE.has(code)) {
        throw error;
      }
      if (attempt >= MAX_ATTEMPTS) throw slotsUnavailable([slot]);
    }
  }
}

/** The week a lesson can move into (GET .../{id}/move-calendar): its student's and instructor's, itself as 'Hora actual'. */
export async function getMoveCalendar(
  db: DbOrTx,
  tenant: Tenant,
  auth: Auth,
  id: string,
  mover: Mover,
  query: MoveCalendarQuery,
  now = new Date(),
): Promise<BookingCalendarEvent[]> {
  const view = await findReservationView(db, tenant.id, id, scopeOf(mover, auth));
  if (!view) throw notFound(NOT_FOUND);
  const r = view.reservation;
  const own = Math.round((r.endAt.getTime() - r.startAt.getTime()) / 1000);
  // By default the lesson's own length, or the school's shortest when that length is no longer offered.
  const duration = query.duration ?? ((await getBookingSettings(db, tenant.id)).durations.includes(own) ? own : undefined);
  const around = { start: new Date(r.startAt.getTime() - 3 * DAY_MS).toISOString(), end: new Date(r.startAt.getTime() + 4 * DAY_MS).toISOString() };
  const range = query.start && query.end ? { start: query.start, end: query.end } : around;
  return calendarFor(db, tenant, { studentId: r.studentId, instructorId: r.instructorId, movingId: r.id }, { ...range, duration }, now);
}

/** The moved lesson as the caller's list shows it: the student's card, or the staff's (with the student). */
export async function movedLesson(db: DbOrTx, tenant: Tenant, auth: Auth, id: string, mover: Mover, now = new Date()) {
  const [settings, view] = await Promise.all([getBookingSettings(db, tenant.id), findReservationView(db, tenant.id, id, scopeOf(mover, auth))]);
  if (!view) throw notFound(NOT_FOUND);
  return mover === "student" ? toReservation(view, now, settings.cancelDeadlineHours) : toInstructorReservation(view, now, settings.cancelDeadlineHours);
}
