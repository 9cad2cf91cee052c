import { sql } from "drizzle-orm";
import { OFFICE_HOME_LIST_LIMIT } from "@/lib/contract/constants/people";
import type { InstructorReservation } from "@/lib/contract/instructor";
import type { OfficeHome, OfficePayment } from "@/lib/contract/office-home";
import { byStart, schoolDays } from "@/lib/time/school-day";
import { addDays, isoWeekday, localToUtc } from "@/lib/time/zoned-time";
import type { DbOrTx } from "../../db/client";
import { reservations } from "../../db/schema/reservations";
import type { Tenant } from "../../http/context";
import { toBalance } from "../balance/balance.service";
import { getBookingSettings } from "../config/config.service";
import { oneLessonCost } from "../../notifications/account-events";
import { namesOf } from "../../notifications/events.repository";
import { lessonVehicle } from "../instructor/instructor-overview.service";
import { listActiveVehicles } from "../practices/practices.repository";
import { readReservationPage, type ScopeSpec } from "../reservations/reservation-pages";
import { toInstructorReservation } from "../reservations/reservation-view";
import { listReservationViews } from "../reservations/reservations.repository";
import { displayName } from "../users/users.repository";
import * as repo from "./office-home.repository";

// GET /api/administrator/home (issue 31 §1): the office's day on the school's clock. Pure of `now` but for the reads.

const ACTIVE = ["requested", "confirmed"] as const;

// The office's two lists of decisions waiting: what the instructors' 'Pendientes' tab holds, for every instructor.
export const OFFICE_PENDING: Record<"requests" | "cancellations", ScopeSpec> = {
  requests: { filter: { statuses: ["requested"] }, direction: "asc" },
  cancellations: {
    filter: { statuses: ["confirmed"], extra: sql`${reservations.cancellationRequestStatus} = 'pending'` },
    direction: "asc",
  },
};

async function pendingList(db: DbOrTx, tenantId: string, which: keyof typeof OFFICE_PENDING, now: Date, deadline: number) {
  const page = await readReservationPage(db, tenantId, `office:${which}`, OFFICE_PENDING[which], { limit: OFFICE_HOME_LIST_LIMIT });
  return { items: page.views.map((v) => toInstructorReservation(v, now, deadline)), total: page.total ?? page.views.length };
}

async function todaysLessons(db: DbOrTx, tenantId: string, day: { from: Date; to: Date }, now: Date, deadline: number) {
  const [views, fleet] = await Promise.all([
    listReservationViews(db, tenantId, { statuses: ACTIVE, from: day.from, to: day.to }),
    listActiveVehicles(db, tenantId),
  ]);
  const byInstructor = new Map<string, InstructorReservation[]>();
  for (const v of views) {
    const list = byInstructor.get(v.reservation.instructorId) ?? [];
    list.push(toInstructorReservation(v, now, deadline));
    byInstructor.set(v.reservation.instructorId, list);
  }
  const people = await repo.listPeople(db, tenantId, [...byInstructor.keys()]);
  return people
    .map((p) => ({
      instructor: { id: p.id, name: displayName(p), phone: p.phone },
      lessons: byStart(byInstructor.get(p.id) ?? []).map((r) => ({ ...r, vehicle: lessonVehicle(fleet, r.license) })),
    }))
    .sort((a, b) => a.instructor.name.localeCompare(b.instructor.name, "es"));
}

async function paymentsOf(db: DbOrTx, tenantId: string, day: { from: Date; to: Date }): Promise<OfficePayment[]> {
  const [cards, desk] = await Promise.all([repo.listCardPaymentsBetween(db, tenantId, day), repo.listDeskTopUpsBetween(db, tenantId, day)]);
  const clerks = await namesOf(db, tenantId, desk.flatMap((m) => (m.clerkId ? [m.clerkId] : [])));
  // DESK_SALES_SLOT: office-money's desk sales join this list (kind 'desk-sale'; /tmp/notes/office-contract.md).
  const payments: OfficePayment[] = [
    ...cards.map((o) => ({
      id: `card:${o.id}`,
      kind: "card" as const,
      at: o.paidAt!.toISOString(),
      student: { id: o.studentId, name: displayName(o.student) },
      amountCents: o.totalCents,
      method: "card-online" as const,
      credit: { mode: o.creditMode, amount: o.creditAmount },
      description: "Pago con tarjeta",
      by: null,
      receiptPath: null,
    })),
    ...desk.map((m) => ({
      id: `desk:${m.id}`,
      kind: "desk-top-up" as const,
      at: m.createdAt.toISOString(),
      student: { id: m.studentId, name: displayName(m.student) },
      amountCents: null,
      method: null,
      credit: { mode: m.type, amount: m.amount },
      description: `Recarga en oficina: ${m.reason}`,
      by: (m.clerkId && clerks.get(m.clerkId)) || null,
      receiptPath: null,
    })),
  ];
  return payments.sort((a, b) => b.at.localeCompare(a.at));
}

export async function getOfficeHome(db: DbOrTx, tenant: Tenant, now = new Date()): Promise<OfficeHome> {
  const days = schoolDays(now.getTime(), tenant.timeZone);
  const day = { from: new Date(days.todayStart), to: new Date(days.tomorrowStart) };
  const weekStart = addDays(days.today, 1 - isoWeekday(days.today));
  const week = { from: new Date(localToUtc(weekStart, 0, tenant.timeZone)), to: new Date(localToUtc(addDays(weekStart, 7), 0, tenant.timeZone)) };
  const settings = await getBookingSettings(db, tenant.id);
  const deadline = settings.cancelDeadlineHours;
  const [lessonsByInstructor, pendingRequests, pendingCancellationRequests, capSessions, examsOfWeek, low, payments] = await Promise.all([
    todaysLessons(db, tenant.id, day, now, deadline),
    pendingList(db, tenant.id, "requests", now, deadline),
    pendingList(db, tenant.id, "cancellations", now, deadline),
    repo.listCapSessionsBetween(db, tenant.id, day),
    repo.listExamsBetween(db, tenant.id, week),
    repo.listLowBalances(db, tenant.id, settings.balanceMode, oneLessonCost(settings.balanceMode, settings), OFFICE_HOME_LIST_LIMIT),
    paymentsOf(db, tenant.id, day),
  ]);
  return {
    date: days.today,
    weekStart,
    lessonsByInstructor,
    pendingRequests,
    pendingCancellationRequests,
    capSessions: capSessions.map((s) => ({
      id: s.id,
      courseId: s.courseId,
      course: s.course,
      name: s.name,
      start: s.startAt.toISOString(),
      end: s.endAt.toISOString(),
      enrolled: Number(s.enrolled),
    })),
    exams: examsOfWeek.map((e) => ({ id: e.id, date: e.date.toISOString(), location: e.location, registered: Number(e.registered) })),
    lowBalance: {
      items: low.rows.map((s) => ({
        id: s.id,
        name: displayName(s),
        phone: s.phone,
        balance: toBalance(settings.balanceMode, { seconds: Number(s.seconds), cents: Number(s.cents) }),
      })),
      total: low.total,
    },
    payments,
  };
}
