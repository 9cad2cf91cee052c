import type {
  AffectedReservation,
  Availability,
  AvailabilityOverride,
  CreateOverrideBody,
  CreateOverrideResponse,
  ReplaceRulesBody,
} from "@/lib/contract/availability";
import { ACTIVE_RESERVATION_STATUSES } from "@/lib/contract/reservations";
import { countOf } from "@/lib/format/plural";
import type { Db, DbOrTx } from "../../db/client";
import { RETRYABLE, pgErrorCode } from "../../db/pg-errors";
import type { Auth } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { annulBySchool } from "../reservations/reservations.service";
import { onAnnulledBySchool } from "../../notifications/reservation-events";
import { listReservationViews, type ReservationView } from "../reservations/reservations.repository";
import { availabilityWindows, type Interval } from "../reservations/slots";
import { displayName } from "../users/users.repository";
import { addDays, localDate, localToUtc } from "@/lib/time/zoned-time";
import {
  deleteOverride,
  insertOverride,
  listOverrides,
  listRules,
  lockSchedule,
  replaceRules,
  type OverrideRow,
} from "./availability.repository";

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toHhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

function toOverride(o: OverrideRow): AvailabilityOverride {
  return {
    id: o.id,
    date: o.date,
    type: o.type,
    start: o.startMinutes === null ? null : toHhmm(o.startMinutes),
    end: o.endMinutes === null ? null : toHhmm(o.endMinutes),
  };
}

export async function getAvailability(db: DbOrTx, tenant: { id: string; timeZone: string }, instructorId: string): Promise<Availability> {
  const [rules, overrides] = await Promise.all([
    listRules(db, tenant.id, [instructorId]),
    listOverrides(db, tenant.id, [instructorId]),
  ]);
  return {
    timeZone: tenant.timeZone,
    rules: rules.map((r) => ({ id: r.id, weekday: r.weekday, start: toHhmm(r.startMinutes), end: toHhmm(r.endMinutes) })),
    overrides: overrides.map(toOverride),
  };
}

export async function setRules(
  db: Db,
  tenant: { id: string; timeZone: string },
  auth: Auth,
  body: ReplaceRulesBody,
): Promise<Availability> {
  await db.transaction(async (tx) => {
    await replaceRules(
      tx,
      tenant.id,
      auth.userId,
      body.rules.map((r) => ({ weekday: r.weekday, startMinutes: toMinutes(r.start), endMinutes: toMinutes(r.end) })),
    );
    await recordAudit(tx, tenant.id, auth, { action: "availability.rules_replaced", targetType: "user", targetId: auth.userId });
  });
  return getAvailability(db, tenant, auth.userId);
}

// The reason the student reads on a lesson annulled by its instructor's day off.
export const DAY_OFF_ANNUL_REASON = "Día no disponible del profesor";

/** The instants a day off blocks: the whole local day, or its hours (end exclusive). */
export function blockedInterval(o: Pick<CreateOverrideBody, "date" | "start" | "end">, timeZone: string): Interval {
  return o.start && o.end
    ? { start: localToUtc(o.date, toMinutes(o.start), timeZone), end: localToUtc(o.date, toMinutes(o.end), timeZone) }
    : { start: localToUtc(o.date, 0, timeZone), end: localToUtc(addDays(o.date, 1), 0, timeZone) };
}

const toAffected = (v: ReservationView): AffectedReservation => ({
  id: v.reservation.id,
  start: v.reservation.startAt.toISOString(),
  end: v.reservation.endAt.toISOString(),
  status: v.reservation.status as AffectedReservation["status"],
  student: displayName(v.student),
  license: v.license.name,
});

const reservationsOnDayOff = (affected: AffectedReservation[]) =>
  conflict(
    "RESERVATIONS_ON_DAY_OFF",
    `Tienes ${countOf(affected.length, "reserva", "reservas")} en ese horario. Anúlalas para marcarlo como no disponible: se devolverá el saldo a cada alumno.`,
    { reservations: affected },
  );

const MAX_ATTEMPTS = 3;

/**
 * A date exception of the instructor's own schedule. A day off (whole or some hours) over lessons still to come that
 * are requested or confirmed is refused with the list of them, unless the body says to annul them; then the day off,
 * the annulments, their refunds and ledger rows are one transaction, under the schedule's lock (lockSchedule).
 */
export async function addOverride(
  db: Db,
  tenant: { id: string; timeZone: string },
  auth: Auth,
  body: CreateOverrideBody,
  now = new Date(),
): Promise<CreateOverrideResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await addOverrideOnce(db, tenant, auth, body, now);
    } catch (error) {
      // A deadlock with a booking that waits on this schedule while holding its student's balance: try again.
      const code = pgErrorCode(error);
      if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

async function addOverrideOnce(
  db: Db,
  tenant: { id: string; timeZone: string },
  auth: Auth,
  body: CreateOverrideBody,
  now: Date,
): Promise<CreateOverrideResponse> {
  return db.transaction(async (tx) => {
    await lockSchedule(tx, auth.userId);
    let affected: AffectedReservation[] = [];
    if (body.type === "day_off") {
      const blocked = blockedInterval(body, tenant.timeZone);
      const views =
        blocked.end > now.getTime()
          ? await listReservationViews(tx, tenant.id, {
              instructorId: auth.userId,
              statuses: ACTIVE_RESERVATION_STATUSES,
              from: new Date(Math.max(blocked.start, now.getTime())),
              to: new Date(blocked.end),
            })
          : [];
      affected = views.map(toAffected);
      if (affected.length > 0 && body.annulReservations !== true) throw reservationsOnDayOff(affected);
    }
    const row = await insertOverride(tx, {
      tenantId: tenant.id,
      instructorId: auth.userId,
      date: body.date,
      type: body.type,
      startMinutes: body.start ? toMinutes(body.start) : null,
      endMinutes: body.end ? toMinutes(body.end) : null,
    });
    const annulled = await annulBySchool(tx, tenant.id, auth, auth.userId, affected.map((a) => a.id), DAY_OFF_ANNUL_REASON, now);
    await onAnnulledBySchool(tx, tenant, annulled, now);
    const annulledIds = new Set(annulled.map((r) => r.id));
    await recordAudit(tx, tenant.id, auth, {
      action: "availability.override_added",
      targetType: "user",
      targetId: auth.userId,
      details: { date: body.date, type: body.type, start: body.start ?? null, end: body.end ?? null, annulled: annulled.length },
    });
    return { ...toOverride(row), annulledReservations: affected.filter((a) => annulledIds.has(a.id)) };
  });
}

export async function removeOverride(db: Db, tenant: { id: string }, auth: Auth, id: string): Promise<void> {
  if (!(await deleteOverride(db, tenant.id, auth.userId, id))) throw notFound("Excepción no encontrada");
}

// Open windows of each instructor between two instants, as UTC intervals.
export async function loadWindows(
  db: DbOrTx,
  tenant: { id: string; timeZone: string },
  instructorIds: string[],
  from: number,
  to: number,
): Promise<Map<string, Interval[]>> {
  const range = { from: addDays(localDate(from, tenant.timeZone), -1), to: addDays(localDate(to, tenant.timeZone), 1) };
  const [rules, overrides] = await Promise.all([
    listRules(db, tenant.id, instructorIds),
    listOverrides(db, tenant.id, instructorIds, range),
  ]);
  return new Map(
    instructorIds.map((id) => [
      id,
      availabilityWindows({
        rules: rules.filter((r) => r.instructorId === id),
        overrides: overrides.filter((o) => o.instructorId === id),
        timeZone: tenant.timeZone,
        from,
        to,
      }),
    ]),
  );
}
