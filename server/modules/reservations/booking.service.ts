import crypto from "node:crypto";
import type { CreateReservationResponse } from "@/lib/contract/reservations";
import { slotCost } from "@/lib/booking/balance";
import type { Db, Tx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { loadWindows } from "../availability/availability.service";
import { ensureBalance, lockBalance } from "../balance/balance.repository";
import { changeBalance, insufficientBalance } from "../balance/balance.service";
import { getBookingSettings, type BookingSettings } from "../config/config.service";
import { findAssignment } from "./assignments.repository";
import { claimKey, findKey, saveKeyResponse } from "./idempotency.repository";
import { EXCLUSION_VIOLATION, RETRYABLE, pgErrorCode } from "../../db/pg-errors";
import { toReservation } from "./reservation-view";
import { insertReservations, listActiveBusy, listReservationViews } from "./reservations.repository";
import { generateSlots, overlaps, slotKey, type Interval } from "./slots";

export type BookingInput = {
  instructorId: string;
  licenseId: string;
  message: string | null;
  slots: { start: string; end: string }[];
};
export type BookingResult = { body: CreateReservationResponse; isReplay: boolean };

const MAX_ATTEMPTS = 3;
const iso = (i: Interval) => ({ start: new Date(i.start).toISOString(), end: new Date(i.end).toISOString() });
const invalid = (message: string) => new AppError("VALIDATION_ERROR", message, 422);

export const slotsUnavailable = (slots: Interval[]) =>
  new AppError(
    "SLOTS_UNAVAILABLE",
    slots.length === 1 ? "El horario seleccionado ya no está disponible" : "Algunos de los horarios seleccionados ya no están disponibles",
    409,
    { unavailable_slots: slots.map(iso) },
  );

const DAY_MS = 86_400_000;

// Every slot must be a lesson length the school allows, inside its booking horizon, and not overlap another.
function checkSlots(input: BookingInput, settings: BookingSettings, now: Date): Interval[] {
  const slots = input.slots
    .map((s) => ({ start: Date.parse(s.start), end: Date.parse(s.end) }))
    .sort((a, b) => a.start - b.start);
  const horizonEnd = now.getTime() + settings.horizonDays * DAY_MS;
  for (const s of slots) {
    if (!settings.durations.includes((s.end - s.start) / 1000)) throw invalid("La duración del horario no está permitida");
    if (s.start > horizonEnd) {
      throw invalid(`Solo se puede reservar con un máximo de ${settings.horizonDays} días de antelación`);
    }
  }
  if (slots.some((s, i) => i > 0 && overlaps(s, slots[i - 1]!))) throw invalid("Los horarios seleccionados se solapan");
  return slots;
}

// Which of the requested slots are not real free slots of the instructor for this student right now. Each slot
// is checked against its own day only (a day either side covers any time zone), so the work is bounded by the
// number of slots, never by the distance between them.
async function findUnavailable(tx: Tx, tenant: Tenant, studentId: string, instructorId: string, slots: Interval[], now: Date) {
  const unavailable: Interval[] = [];
  for (const slot of slots) {
    const from = slot.start - DAY_MS;
    const to = slot.end + DAY_MS;
    const windows = (await loadWindows(tx, tenant, [instructorId], from, to)).get(instructorId) ?? [];
    const busy = (await listActiveBusy(tx, tenant.id, { instructorId, studentId }, new Date(from), new Date(to))).map((b) => ({
      start: b.startAt.getTime(),
      end: b.endAt.getTime(),
    }));
    const free = generateSlots({ windows, busy, durationSeconds: (slot.end - slot.start) / 1000, now: now.getTime(), timeZone: tenant.timeZone });
    if (!free.some((s) => slotKey(s) === slotKey(slot))) unavailable.push(slot);
  }
  return unavailable;
}

async function bookOnce(
  db: Db,
  tenant: Tenant,
  auth: Auth,
  input: BookingInput,
  slots: Interval[],
  settings: BookingSettings,
  idempotency: { key: string; hash: string } | null,
  now: Date,
): Promise<BookingResult> {
  const studentId = auth.userId;
  const keyRef = idempotency && { tenantId: tenant.id, userId: studentId, key: idempotency.key };
  return db.transaction(async (tx) => {
    if (keyRef && !(await claimKey(tx, keyRef, idempotency.hash))) {
      const first = await findKey(tx, keyRef);
      if (first?.requestHash !== idempotency.hash) {
        throw new AppError("IDEMPOTENCY_KEY_REUSED", "La clave de idempotencia ya se usó con otra petición", 422);
      }
      return { body: first.response as CreateReservationResponse, isReplay: true };
    }
    // One booking per student at a time: the balance row is the student's lock.
    await ensureBalance(tx, tenant.id, studentId);
    const balance = (await lockBalance(tx, tenant.id, studentId))!;

    const unavailable = await findUnavailable(tx, tenant, studentId, input.instructorId, slots, now);
    if (unavailable.length > 0) throw slotsUnavailable(unavailable);

    const mode = settings.balanceMode;
    const costs = slots.map((s) => slotCost(mode, (s.end - s.start) / 1000, settings.hourlyPriceCents));
    const available = mode === "time" ? balance.seconds : balance.cents;
    if (costs.reduce((a, b) => a + b, 0) > available) throw insufficientBalance();

    // Inserted in start order so two bookings that share slots wait on each other instead of deadlocking;
    // an overlap with a concurrent booking fails here with 23P01 (reservations_*_no_overlap).
    const rows = await insertReservations(
      tx,
      slots.map((s, i) => ({
        tenantId: tenant.id,
        studentId,
        instructorId: input.instructorId,
        licenseId: input.licenseId,
        startAt: new Date(s.start),
        endAt: new Date(s.end),
        status: settings.reservationMode === "direct" ? ("confirmed" as const) : ("requested" as const),
        message: input.message,
        chargeMode: mode,
        chargeAmount: costs[i]!,
      })),
    );
    for (const r of rows) {
      await changeBalance(tx, {
        tenantId: tenant.id,
        studentId,
        mode,
        amount: r.chargeAmount,
        operation: "consumption",
        description: "reserva_solicitada",
        reservationId: r.id,
        actorId: auth.impersonatorId ?? studentId,
      });
    }
    const views = await listReservationViews(tx, tenant.id, { ids: rows.map((r) => r.id) });
    const body = { reservations: views.map((v) => toReservation(v, now, settings.cancelDeadlineHours)) };
    if (keyRef) await saveKeyResponse(tx, keyRef, 201, body);
    await recordAudit(tx, tenant.id, auth, {
      action: "reservations.booked",
      targetType: "reservation",
      targetId: rows[0]!.id,
      details: { ids: rows.map((r) => r.id), instructorId: input.instructorId },
    });
    return { body, isReplay: false };
  });
}

export async function bookSlots(
  db: Db,
  tenant: Tenant,
  auth: Auth,
  input: BookingInput,
  idempotencyKey: string | null,
  now = new Date(),
): Promise<BookingResult> {
  if (idempotencyKey !== null && (idempotencyKey.trim() === "" || idempotencyKey.length > 255)) {
    throw invalid("La clave de idempotencia no es válida");
  }
  const settings = await getBookingSettings(db, tenant.id);
  const slots = checkSlots(input, settings, now);
  const assignment = await findAssignment(db, tenant.id, auth.userId, input.instructorId, input.licenseId);
  if (!assignment || !assignment.instructorIsActive) throw notFound("Asignación no encontrada");

  const hash = crypto.createHash("sha256").update(JSON.stringify({ ...input, slots: slots.map(iso) })).digest("hex");
  const idempotency = idempotencyKey === null ? null : { key: idempotencyKey, hash };
  for (let attempt = 1; ; attempt++) {
    try {
      return await bookOnce(db, tenant, auth, input, slots, settings, idempotency, now);
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === EXCLUSION_VIOLATION) {
        // Another booking committed first: name the slots it took. None left means it rolled back; try again.
        const busy = await listActiveBusy(db, tenant.id, { instructorId: input.instructorId, studentId: auth.userId }, new Date(slots[0]!.start), new Date(slots[slots.length - 1]!.end));
        const taken = slots.filter((s) => busy.some((b) => overlaps(s, { start: b.startAt.getTime(), end: b.endAt.getTime() })));
        if (taken.length > 0) throw slotsUnavailable(taken);
      } else if (!code || !RETRYABLE.has(code)) {
        throw error;
      }
      if (attempt >= MAX_ATTEMPTS) throw slotsUnavailable(slots);
    }
  }
}
