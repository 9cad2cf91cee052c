import { sql } from "drizzle-orm";
import type { InstructorCalendarEvent, InstructorCalendarQuery, InstructorDashboard, InstructorStudent } from "@/lib/contract/instructor";
import { MAX_PAGE_SIZE } from "@/lib/contract/constants/paging";
import type { DbOrTx } from "../../db/client";
import { reservations } from "../../db/schema/reservations";
import type { Tenant } from "../../http/context";
import { loadWindows } from "../availability/availability.service";
import { listBalances } from "../balance/balance.repository";
import { toBalance } from "../balance/balance.service";
import { getBookingSettings } from "../config/config.service";
import { listAssignments } from "../reservations/assignments.repository";
import { EVENT_COLORS } from "../reservations/calendar-colors";
import { listReservationViews, type ReservationFilter } from "../reservations/reservations.repository";
import { listActiveVehicles } from "../practices/practices.repository";
import { byStart, schoolDays } from "@/lib/time/school-day";
import { displayName } from "../users/users.repository";
import { listInstructorReservations } from "./instructor-reservations.service";

// The dashboard shows the first page of each list ('Mis reservas' has the rest): today's lessons are bounded by the
// day (one instructor's active lessons cannot overlap), the pending ones by what the instructor has yet to decide.
const ACTIVE = ["requested", "confirmed"] as const;

type Vehicle = { plate: string; description: string | null; licenseId: string | null; license: string | null };

/** The vehicle of a lesson when the school has exactly one active vehicle its licence may use (no meeting point exists). */
export function lessonVehicle(fleet: readonly Vehicle[], license: string): string | null {
  const usable = fleet.filter((v) => v.licenseId === null || v.license === license);
  const only = usable.length === 1 ? usable[0]! : null;
  return only ? [only.plate, only.description].filter(Boolean).join(" · ") : null;
}

export async function getDashboard(db: DbOrTx, tenant: Tenant, instructorId: string, now = new Date()): Promise<InstructorDashboard> {
  const days = schoolDays(now.getTime(), tenant.timeZone);
  const [todayStart, tomorrowStart, dayAfterStart] = [days.todayStart, days.tomorrowStart, days.dayAfterStart].map((t) => new Date(t));
  const list = (scope: "all" | "pending", limit: number, extra?: ReservationFilter) =>
    listInstructorReservations(db, tenant.id, instructorId, { scope, limit }, now, extra);
  const [todays, tomorrow, pending, fleet] = await Promise.all([
    // Ended lessons stay: the instructor finishes them from here.
    list("all", MAX_PAGE_SIZE, { statuses: ACTIVE, from: todayStart, to: tomorrowStart }),
    list("all", 1, { statuses: ACTIVE, extra: sql`${reservations.startAt} >= ${tomorrowStart} and ${reservations.startAt} < ${dayAfterStart}` }),
    list("pending", MAX_PAGE_SIZE),
    listActiveVehicles(db, tenant.id),
  ]);
  return {
    today: byStart(todays.items).map((r) => ({ ...r, vehicle: lessonVehicle(fleet, r.license) })),
    tomorrowFirst: tomorrow.items[0] ?? null,
    pendingRequests: pending.items.filter((r) => r.status === "requested"),
    pendingCancellationRequests: pending.items.filter((r) => r.hasCancellationRequest),
  };
}

export async function listInstructorStudents(db: DbOrTx, tenantId: string, instructorId: string): Promise<InstructorStudent[]> {
  const [settings, assignments] = await Promise.all([
    getBookingSettings(db, tenantId),
    listAssignments(db, tenantId, { instructorId }),
  ]);
  const byStudent = new Map<string, InstructorStudent>();
  for (const a of assignments) {
    const student = byStudent.get(a.studentId) ?? {
      id: a.studentId,
      name: displayName(a.student),
      dni: a.student.dni,
      licenses: [],
      balance: toBalance(settings.balanceMode, null),
    };
    student.licenses.push(a.license);
    byStudent.set(a.studentId, student);
  }
  for (const b of await listBalances(db, tenantId, [...byStudent.keys()])) {
    byStudent.get(b.studentId)!.balance = toBalance(settings.balanceMode, b);
  }
  return [...byStudent.values()].sort((x, y) => x.name.localeCompare(y.name, "es"));
}

const STATUS_EVENT = {
  requested: { type: "reservation-pending", color: EVENT_COLORS.requested },
  confirmed: { type: "reservation-confirmed", color: EVENT_COLORS.confirmed },
  denied: { type: "reservation-other", color: EVENT_COLORS.denied },
  anulled: { type: "reservation-other", color: EVENT_COLORS.inactive },
  cancelled: { type: "reservation-other", color: EVENT_COLORS.inactive },
} as const;

// The instructor's own week: open availability windows and every reservation with its student.
export async function getInstructorCalendar(
  db: DbOrTx,
  tenant: Tenant,
  instructorId: string,
  query: InstructorCalendarQuery,
): Promise<InstructorCalendarEvent[]> {
  const from = Date.parse(query.start);
  const to = Date.parse(query.end);
  const [windows, views] = await Promise.all([
    loadWindows(db, tenant, [instructorId], from, to),
    listReservationViews(db, tenant.id, { instructorId, from: new Date(from), to: new Date(to) }),
  ]);
  const events: InstructorCalendarEvent[] = (windows.get(instructorId) ?? []).map((w) => ({
    id: `availability:${new Date(w.start).toISOString()}`,
    title: "Disponible",
    start: new Date(w.start).toISOString(),
    end: new Date(w.end).toISOString(),
    color: EVENT_COLORS.availability,
    type: "availability",
    reservationId: null,
    studentName: null,
  }));
  for (const v of views) {
    const r = v.reservation;
    const name = displayName(v.student);
    events.push({
      id: r.id,
      title: `${name} · Permiso ${v.license.name}`,
      start: r.startAt.toISOString(),
      end: r.endAt.toISOString(),
      ...STATUS_EVENT[r.status],
      reservationId: r.id,
      studentName: name,
    });
  }
  return events.sort((a, b) => a.start.localeCompare(b.start));
}
