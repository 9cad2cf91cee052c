import crypto from "node:crypto";
import type { CreateReservationResponse } from "@/lib/contract/reservations";
import { slotCost } from "@/lib/booking/balance";
import { countOf } from "@/lib/format/plural";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { addDays, localDate } from "@/lib/time/zoned-time";
import { ensureBalance } from "../balance/balance.repository";
import { insufficientBalance } from "../balance/balance.service";
import { toBookingSettings, type BookingSettings } from "../config/config.service";
import { insertBooking, readBookingState, type BookedSlot, type BookingState, type SlotRange } from "./booking.repository";
import { findKey } from "./idempotency.repository";
import { EXCLUSION_VIOLATION, RETRYABLE, pgErrorCode } from "../../db/pg-errors";
import { toReservation } from "./reservation-view";
import { listActiveBusy } from "./reservations.repository";
import { availabilityWindows, earliestStart, generateSlots, overlaps, slotKey, type Interval } from "./slots";
import { onBooked } from "../../notifications/reservation-events";

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

const parseSlots = (input: BookingInput): Interval[] =>
  input.slots.map((s) => ({ start: Date.parse(s.start), end: Date.parse(s.end) })).sort((a, b) => a.start - b.start);

const hours = (n: number) => countOf(n, "hora", "horas");

/** 422 INSIDE_MINIMUM_NOTICE: the slots start sooner than the school's minimum notice allows. */
export const insideMinimumNotice = (slots: Interval[], minNoticeHours: number) =>
  new AppError("INSIDE_MINIMUM_NOTICE", `Las prácticas deben reservarse con al menos ${hours(minNoticeHours)} de antelación`, 422, {
    minNoticeHours,
    unavailable_slots: slots.map(iso),
  });

// Every slot must be a lesson length the school allows, inside its booking horizon, and not overlap another.
export function checkSlots(slots: Interval[], settings: BookingSettings, now: Date): void {
  const horizonEnd = now.getTime() + settings.horizonDays * DAY_MS;
  for (const s of slots) {
    if (!settings.durations.includes((s.end - s.start) / 1000)) throw invalid("La duración del horario no está permitida");
    if (s.start > horizonEnd) {
      throw invalid(`Solo se puede reservar con un máximo de ${countOf(settings.horizonDays, "día", "días")} de antelación`);
    }
  }
  if (slots.some((s, i) => i > 0 && overlaps(s, slots[i - 1]!))) throw invalid("Los horarios seleccionados se solapan");
  // A slot already begun stays SLOTS_UNAVAILABLE (it is not a free slot at all); one still ahead but too soon is this.
  const earliest = earliestStart(now.getTime(), settings.minNoticeHours);
  const tooSoon = slots.filter((s) => s.start >= now.getTime() && s.start < earliest);
  if (tooSoon.length > 0) throw insideMinimumNotice(tooSoon, settings.minNoticeHours);
}

// Each slot is checked against its own day only (a day either side covers any time zone), so the work is bounded by
// the number of slots, never by the distance between them. The dates are those whose overrides can reach the
// range, as loadWindows reads them (availability.service.ts).
export function rangeAround(slot: Interval, timeZone: string): SlotRange {
  const from = slot.start - DAY_MS;
  const to = slot.end + DAY_MS;
  return { from, to, fromDate: addDays(localDate(from, timeZone), -1), toDate: addDays(localDate(to, timeZone), 1) };
}

// Which of the requested slots are not real free slots of the instructor for this student right now.
export function findUnavailable(state: BookingState, ranges: SlotRange[], slots: Interval[], timeZone: string, now: Date): Interval[] {
  return slots.filter((slot, i) => {
    const { from, to } = ranges[i]!;
    const windows = availabilityWindows({ rules: state.rules, overrides: state.overrides, timeZone, from, to });
    const free = generateSlots({ windows, busy: state.busy, durationSeconds: (slot.end - slot.start) / 1000, now: now.getTime(), timeZone });
    return !free.some((s) => slotKey(s) === slotKey(slot));
  });
}

type Assignment = NonNullable<BookingState["assignment"]>;

// The answer is built from the values written (the statement that writes them fails as a whole or writes them all).
function toBody(booked: BookedSlot[], input: BookingInput, status: "requested" | "confirmed", assignment: Assignment, settings: BookingSettings, now: Date) {
  const reservations = booked.map((b) =>
    toReservation(
      {
        reservation: {
          id: b.id,
          startAt: new Date(b.start),
          endAt: new Date(b.end),
          status,
          instructorId: input.instructorId,
          message: input.message,
          decisionReason: null,
          cancellationRequestStatus: null,
          cancellationRequestReason: null,
          cancellationResponse: null,
        },
        instructor: assignment.instructor,
        license: assignment.license,
      },
      now,
      settings.cancelDeadlineHours,
    ),
  );
  return { reservations } satisfies CreateReservationResponse;
}

// The booking's transaction: one read (the idempotency key claimed, the student's balance locked), the rules in this
// order (VALIDATION_ERROR, NOT_FOUND, SLOTS_UNAVAILABLE, INSUFFICIENT_BALANCE), one write.
async function bookOnce(
  db: Db,
  tenant: Tenant,
  auth: Auth,
  input: BookingInput,
  slots: Interval[],
  idempotency: { key: string; hash: string } | null,
  now: Date,
): Promise<BookingResult> {
  const studentId = auth.userId;
  const keyRef = idempotency && { tenantId: tenant.id, userId: studentId, key: idempotency.key };
  const who = { studentId, instructorId: input.instructorId, licenseId: input.licenseId };
  const ranges = slots.map((s) => rangeAround(s, tenant.timeZone));
  return db.transaction(async (tx) => {
    let state = await readBookingState(tx, tenant.id, who, ranges, idempotency && { key: idempotency.key, requestHash: idempotency.hash });
    if (keyRef && !state.claimed) {
      const first = await findKey(tx, keyRef);
      if (first?.requestHash !== idempotency.hash) {
        throw new AppError("IDEMPOTENCY_KEY_REUSED", "La clave de idempotencia ya se usó con otra petición", 422);
      }
      return { body: first.response as CreateReservationResponse, isReplay: true };
    }
    if (!state.balance) {
      // No balance row yet (no top-up ever): create it at zero, then read again to lock it (the key is ours already).
      await ensureBalance(tx, tenant.id, studentId);
      state = await readBookingState(tx, tenant.id, who, ranges, null);
    }
    const settings = toBookingSettings(state.settings);
    checkSlots(slots, settings, now);
    const assignment = state.assignment;
    if (!assignment || !assignment.instructorIsActive) throw notFound("Asignación no encontrada");

    const unavailable = findUnavailable(state, ranges, slots, tenant.timeZone, now);
    if (unavailable.length > 0) throw slotsUnavailable(unavailable);

    const mode = settings.balanceMode;
    let left = mode === "time" ? state.balance!.seconds : state.balance!.cents;
    const booked = slots.map((s): BookedSlot => {
      const charge = slotCost(mode, (s.end - s.start) / 1000, settings.hourlyPriceCents);
      left -= charge;
      return { id: crypto.randomUUID(), start: s.start, end: s.end, charge, balanceBefore: left + charge, balanceAfter: left };
    });
    if (left < 0) throw insufficientBalance();

    const status = settings.reservationMode === "direct" ? "confirmed" : "requested";
    const body = toBody(booked, input, status, assignment, settings, now);
    // Inserted in start order so two bookings that share slots wait on each other instead of deadlocking;
    // an overlap with a concurrent booking fails here with 23P01 (reservations_*_no_overlap).
    await insertBooking(tx, {
      tenantId: tenant.id,
      studentId,
      instructorId: input.instructorId,
      licenseId: input.licenseId,
      status,
      message: input.message,
      mode,
      slots: booked,
      actorId: auth.impersonatorId ?? studentId,
      actingAsId: auth.impersonatorId ? studentId : null,
      key: keyRef && { key: keyRef.key, response: body },
    });
    // The instructor is told, reminders and the student's alerts follow, a balance below one lesson is told.
    const balance = { mode, before: booked[0]!.balanceBefore, after: left };
    await onBooked(tx, tenant, { studentId, instructorId: input.instructorId, status, lessons: booked, balance }, settings, now);
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
  const slots = parseSlots(input);
  const hash = crypto.createHash("sha256").update(JSON.stringify({ ...input, slots: slots.map(iso) })).digest("hex");
  const idempotency = idempotencyKey === null ? null : { key: idempotencyKey, hash };
  for (let attempt = 1; ; attempt++) {
    try {
      return await bookOnce(db, tenant, auth, input, slots, idempotency, now);
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
