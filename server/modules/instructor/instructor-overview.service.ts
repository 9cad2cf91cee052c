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
import { listReservationViews } from "../reservations/reservations.repository";
import { addDays, localDate, localToUtc } from "@/lib/time/zoned-time";
import { displayName } from "../users/users.repository";
import { listInstructorReservations } from "./instructor-reservations.service";

// The dashboard shows the first page of each list ('Mis reservas' has the rest): today's lessons are bounded by the
// day, the pending ones by what the instructor has yet to decide.
const DASHBOARD_PAGE = (scope: "upcoming" | "pending") => ({ scope, limit: MAX_PAGE_SIZE });

export async function getDashboard(db: DbOrTx, tenant: Tenant, instructorId: string, now = new Date()): Promise<InstructorDashboard> {
  const today = localDate(now.getTime(), tenant.timeZone);
  const from = new Date(localToUtc(today, 0, tenant.timeZone));
  const to = new Date(localToUtc(addDays(today, 1), 0, tenant.timeZone));
  const [todays, pending] = await Promise.all([
    listInstructorReservations(db, tenant.id, instructorId, DASHBOARD_PAGE("upcoming"), now, {
      statuses: ["requested", "confirmed"],
      extra: sql`${reservations.startAt} < ${to} and ${reservations.endAt} > ${from}`,
    }),
    listInstructorReservations(db, tenant.id, instructorId, DASHBOARD_PAGE("pending"), now),
  ]);
  return {
    today: todays.items,
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
