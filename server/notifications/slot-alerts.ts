import type { CreateSlotAlertBody, SlotAlert } from "@/lib/contract/slot-alerts";
import { SLOT_ALERTS_MAX_ACTIVE, TOO_MANY_SLOT_ALERTS, tooManySlotAlertsMessage } from "@/lib/contract/constants/slot-alerts";
import { addDays, localDate } from "@/lib/time/zoned-time";
import { countOf, plural } from "@/lib/format/plural";
import type { Db, Tx } from "../db/client";
import type { Tenant } from "../http/context";
import { AppError, notFound } from "../http/errors";
import { listOverrides, listRules } from "../modules/availability/availability.repository";
import { getBookingSettings } from "../modules/config/config.service";
import { listAssignments } from "../modules/reservations/assignments.repository";
import { listActiveBusy } from "../modules/reservations/reservations.repository";
import { availabilityWindows, generateSlots } from "../modules/reservations/slots";
import { displayName, findUserById } from "../modules/users/users.repository";
import { lessonWhen } from "./format";
import { notify } from "./notify";
import * as repo from "./slot-alerts.repository";

// Freed-slot alerts ('Avísame si se libera un hueco', issue 29). A student asks for an instructor of theirs and a day
// or a week; when a lesson of that instructor in the range is cancelled, annulled or denied and its time can really be
// booked (inside the instructor's hours, free, past the school's minimum notice, inside its horizon), every student
// with such an alert is told once per freed slot. Nothing is held: the first to book it has it. An alert ends when its
// last day has passed (the scheduler's tick), when the student books with that instructor on one of its days, or when
// the student removes it.

type TenantRef = Pick<Tenant, "id" | "timeZone">;

const alertNotFound = () => notFound("Aviso no encontrado");
const invalid = (message: string, path: string) => new AppError("VALIDATION_ERROR", message, 422, { issues: [{ path, message }] });

const toAlert = (r: Awaited<ReturnType<typeof repo.listActiveForStudent>>[number]): SlotAlert => ({
  id: r.alert.id,
  instructorId: r.alert.instructorId,
  instructorName: displayName(r.instructor),
  from: r.alert.fromDate,
  to: r.alert.toDate,
  createdAt: r.alert.createdAt.toISOString(),
});

export async function listSlotAlerts(db: Db, tenant: TenantRef, studentId: string, now = new Date()): Promise<SlotAlert[]> {
  const rows = await repo.listActiveForStudent(db, tenant.id, studentId, localDate(now.getTime(), tenant.timeZone));
  return rows.map(toAlert);
}

/** 201 with a new alert; the same active range again answers the one there is (isNew false, 200). */
export async function createSlotAlert(db: Db, tenant: TenantRef, studentId: string, body: CreateSlotAlertBody, now = new Date()) {
  const today = localDate(now.getTime(), tenant.timeZone);
  const assigned = (await listAssignments(db, tenant.id, { studentId })).some((a) => a.instructorId === body.instructorId && a.instructorIsActive);
  if (!assigned) throw notFound("Profesor no encontrado");
  if (body.from < today) throw invalid("El aviso no puede empezar antes de hoy", "from");
  const { horizonDays } = await getBookingSettings(db, tenant.id);
  if (body.from > addDays(today, horizonDays)) {
    throw invalid(`Solo se puede pedir un aviso dentro ${plural(horizonDays, "del próximo día", `de los próximos ${countOf(horizonDays, "día", "días")}`)}`, "from");
  }
  const { row, isNew } = await db.transaction(async (tx) => {
    await repo.lockStudentAlerts(tx, studentId);
    const inserted = await repo.insertAlert(tx, { tenantId: tenant.id, studentId, instructorId: body.instructorId, fromDate: body.from, toDate: body.to });
    if (inserted.isNew && (await repo.countActiveForStudent(tx, tenant.id, studentId, today)) > SLOT_ALERTS_MAX_ACTIVE) {
      throw new AppError(TOO_MANY_SLOT_ALERTS, tooManySlotAlertsMessage(), 409, { max: SLOT_ALERTS_MAX_ACTIVE });
    }
    return inserted;
  });
  const instructor = await findUserById(db, tenant.id, row.instructorId);
  const alert: SlotAlert = {
    id: row.id,
    instructorId: row.instructorId,
    instructorName: instructor ? displayName(instructor) : "",
    from: row.fromDate,
    to: row.toDate,
    createdAt: row.createdAt.toISOString(),
  };
  return { alert, isNew };
}

export async function removeSlotAlert(db: Db, tenant: TenantRef, studentId: string, id: string, now = new Date()): Promise<void> {
  if (!(await repo.endAlert(db, tenant.id, studentId, id, "cancelled", now))) throw alertNotFound();
}

/** In the booking's transaction: the student's alerts for that instructor on the booked days end. */
export async function endAlertsOnBooking(tx: Tx, tenant: TenantRef, studentId: string, instructorId: string, starts: readonly Date[], now: Date) {
  const dates = starts.map((s) => localDate(s.getTime(), tenant.timeZone));
  await repo.endAlertsOnDates(tx, tenant.id, studentId, instructorId, dates, now);
}

export type FreedLesson = { instructorId: string; studentId: string; startAt: Date; endAt: Date };

/**
 * In the transaction that cancels, annuls or denies a lesson (after its row changed): tells the students waiting for
 * a slot of that instructor on that day, if the freed time can be booked now. Returns how many were told.
 */
export async function onSlotFreed(tx: Tx, tenant: TenantRef, lesson: FreedLesson, now: Date): Promise<number> {
  const start = lesson.startAt.getTime();
  if (start <= now.getTime()) return 0;
  const date = localDate(start, tenant.timeZone);
  const alerts = await repo.listAlertsForDay(tx, tenant.id, lesson.instructorId, date, lesson.studentId);
  if (alerts.length === 0) return 0;
  const bookable = await bookablePart(tx, tenant, lesson, now);
  if (!bookable) return 0;
  const instructor = await findUserById(tx, tenant.id, lesson.instructorId);
  const params = {
    instructor: instructor ? displayName(instructor) : "",
    when: lessonWhen(bookable.start, bookable.end, now, tenant.timeZone),
    instructorId: lesson.instructorId,
    date,
  };
  const slotIso = new Date(start).toISOString();
  for (const alert of alerts) {
    await notify(tx, {
      tenantId: tenant.id,
      userIds: [alert.studentId],
      kind: "slot-freed",
      params,
      data: { alertId: alert.id, instructorId: lesson.instructorId },
      dedupeKey: `slot:${alert.id}:${slotIso}`,
      now,
    });
  }
  return alerts.length;
}

/**
 * The part of the freed lesson a student could book now, by the booking's own rules (the shortest lesson the school
 * allows, whole local hours, the minimum notice, the horizon, the instructor's hours and other bookings): from the
 * first such slot's start to the last one's end, or null when there is none.
 */
async function bookablePart(tx: Tx, tenant: TenantRef, lesson: FreedLesson, now: Date): Promise<{ start: number; end: number } | null> {
  const [start, end] = [lesson.startAt.getTime(), lesson.endAt.getTime()];
  const settings = await getBookingSettings(tx, tenant.id);
  const shortest = settings.durations[0];
  if (!shortest || start > now.getTime() + settings.horizonDays * 86_400_000) return null;
  // The dates whose rules and overrides can reach the lesson, a day either side (as loadWindows reads them).
  const range = { from: addDays(localDate(start, tenant.timeZone), -1), to: addDays(localDate(end, tenant.timeZone), 1) };
  // One query at a time: a transaction is one connection.
  const rules = await listRules(tx, tenant.id, [lesson.instructorId]);
  const overrides = await listOverrides(tx, tenant.id, [lesson.instructorId], range);
  const busy = await listActiveBusy(tx, tenant.id, { instructorId: lesson.instructorId }, lesson.startAt, lesson.endAt);
  const windows = availabilityWindows({ rules, overrides, timeZone: tenant.timeZone, from: start, to: end });
  const inLesson = windows
    .map((w) => ({ start: Math.max(w.start, start), end: Math.min(w.end, end) }))
    .filter((w) => w.start < w.end);
  const slots = generateSlots({
    windows: inLesson,
    busy: busy.map((b) => ({ start: b.startAt.getTime(), end: b.endAt.getTime() })),
    durationSeconds: shortest,
    now: now.getTime(),
    timeZone: tenant.timeZone,
    minNoticeHours: settings.minNoticeHours,
  });
  return slots.length === 0 ? null : { start: slots[0]!.start, end: slots[slots.length - 1]!.end };
}

/** The scheduler's tick: alerts whose last day has passed end as 'expired'. */
export const expireSlotAlerts = (db: Db, now: Date) => repo.expirePassedAlerts(db, now);
