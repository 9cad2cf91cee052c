import type { BookingCalendarEvent, BookingCalendarQuery } from "@/lib/contract/reservations";
import type { DbOrTx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { loadWindows } from "../availability/availability.service";
import { getBookingSettings } from "../config/config.service";
import { listPracticedReservationIds } from "../practices/practices.repository";
import { findAssignment } from "./assignments.repository";
import { EVENT_COLORS } from "./calendar-colors";
import { listActiveBusy } from "./reservations.repository";
import { generateSlots, mergeIntervals, type Interval } from "./slots";

const iso = (t: number) => new Date(t).toISOString();

function event(id: string, type: BookingCalendarEvent["type"], title: string, color: string, i: Interval): BookingCalendarEvent {
  return { id, title, start: iso(i.start), end: iso(i.end), allDay: false, url: null, color, type };
}

/** Whose week: the student and instructor of a lesson; `moving` is the lesson being moved (issue 31 §5). */
export type CalendarScope = { studentId: string; instructorId: string; movingId?: string };

// The booking wizard's week (spec §3 booking calendar event): free slots of the chosen duration, the
// instructor's busy time without names, and this student's own reservations and past lessons with them.
export async function getBookingCalendar(
  db: DbOrTx,
  tenant: Tenant,
  auth: Auth,
  query: BookingCalendarQuery,
  now = new Date(),
): Promise<BookingCalendarEvent[]> {
  const [assignment, events] = await Promise.all([
    findAssignment(db, tenant.id, auth.userId, query.instructor),
    calendarFor(db, tenant, { studentId: auth.userId, instructorId: query.instructor }, query, now),
  ]);
  if (!assignment) throw notFound("Profesor no encontrado");
  return events;
}

// The week of one student with one instructor. A lesson being moved is shown as 'Hora actual' and does not count as
// busy, so the slots that overlap its own time are offered (the move releases it in the same statement).
export async function calendarFor(
  db: DbOrTx,
  tenant: Tenant,
  scope: CalendarScope,
  query: Pick<BookingCalendarQuery, "start" | "end" | "duration">,
  now = new Date(),
): Promise<BookingCalendarEvent[]> {
  const { studentId, instructorId, movingId } = scope;
  const from = Date.parse(query.start);
  const to = Date.parse(query.end);
  // Independent reads run at once (one pool connection each); the checks come after.
  const [settings, windowsByInstructor, allBusy] = await Promise.all([
    getBookingSettings(db, tenant.id),
    loadWindows(db, tenant, [instructorId], from, to),
    listActiveBusy(db, tenant.id, { instructorId, studentId }, new Date(from), new Date(to)),
  ]);
  if (query.duration !== undefined && !settings.durations.includes(query.duration)) {
    throw new AppError("VALIDATION_ERROR", "La duración no está permitida", 422);
  }
  const busyRows = allBusy.filter((b) => b.id !== movingId);
  const duration = query.duration ?? settings.durations[0];
  // A lesson is a practice once the instructor recorded it (issue 9), not merely because its time has passed.
  const ownConfirmed = busyRows.filter((b) => b.studentId === studentId && b.instructorId === instructorId && b.status === "confirmed");
  const practiced = await listPracticedReservationIds(db, tenant.id, ownConfirmed.map((b) => b.id));
  const events: BookingCalendarEvent[] = [];
  const othersBusy: Interval[] = [];
  const moved = movingId ? allBusy.find((b) => b.id === movingId) : undefined;
  if (moved) {
    const type = moved.status === "confirmed" ? "reservation-confirmed" : "reservation-pending";
    const color = moved.status === "confirmed" ? EVENT_COLORS.confirmed : EVENT_COLORS.requested;
    events.push(event(moved.id, type, "Hora actual", color, { start: moved.startAt.getTime(), end: moved.endAt.getTime() }));
  }
  for (const b of busyRows) {
    const interval = { start: b.startAt.getTime(), end: b.endAt.getTime() };
    if (b.studentId !== studentId || b.instructorId !== instructorId) {
      othersBusy.push(interval);
    } else if (b.status === "confirmed" && practiced.has(b.id)) {
      events.push(event(b.id, "practice", "Práctica", EVENT_COLORS.practice, interval));
    } else if (b.status === "confirmed") {
      events.push(event(b.id, "reservation-confirmed", "Reserva confirmada", EVENT_COLORS.confirmed, interval));
    } else {
      events.push(event(b.id, "reservation-pending", "Reserva pendiente", EVENT_COLORS.requested, interval));
    }
  }
  for (const i of mergeIntervals(othersBusy)) {
    events.push(event(`busy:${iso(i.start)}`, "unavailable", "No disponible", EVENT_COLORS.unavailable, i));
  }
  if (duration !== undefined) {
    const busy = busyRows.map((b) => ({ start: b.startAt.getTime(), end: b.endAt.getTime() }));
    const slots = generateSlots({
      windows: windowsByInstructor.get(instructorId) ?? [],
      busy,
      durationSeconds: duration,
      now: now.getTime(),
      timeZone: tenant.timeZone,
      // Inside the school's minimum notice nothing is offered (booking there is refused too: INSIDE_MINIMUM_NOTICE).
      minNoticeHours: settings.minNoticeHours,
    });
    // Beyond the school's booking horizon nothing is offered (booking there is refused too).
    const horizonEnd = now.getTime() + settings.horizonDays * 86_400_000;
    for (const s of slots.filter((slot) => slot.start <= horizonEnd)) {
      events.push(event(`slot:${iso(s.start)}`, "available", "Disponible", EVENT_COLORS.available, s));
    }
  }
  return events.sort((a, b) => a.start.localeCompare(b.start) || a.type.localeCompare(b.type));
}
