import { and, asc, eq, gte, isNull, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema/core";
import { slotAlerts } from "../db/schema/notifications";
import { instructorAssignments } from "../db/schema/reservations";

// The SQL of freed-slot alerts. An alert is active while ended_at is null and its last day has not passed (the
// scheduler's tick marks the passed ones 'expired'; until it does, the reads below leave them out by date).

export type SlotAlertRow = typeof slotAlerts.$inferSelect;

const isActive = (today: string) => and(isNull(slotAlerts.endedAt), gte(slotAlerts.toDate, today));

/** One alert creation per student at a time: the count of active alerts and the insert are decided together. */
export async function lockStudentAlerts(tx: DbOrTx, studentId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slot-alerts:${studentId}`}))`);
}

export async function listActiveForStudent(db: DbOrTx, tenantId: string, studentId: string, today: string) {
  return db
    .select({ alert: slotAlerts, instructor: { firstName: users.firstName, surname1: users.surname1, surname2: users.surname2 } })
    .from(slotAlerts)
    .innerJoin(users, eq(users.id, slotAlerts.instructorId))
    .where(and(eq(slotAlerts.tenantId, tenantId), eq(slotAlerts.studentId, studentId), isActive(today)))
    .orderBy(asc(slotAlerts.fromDate), asc(slotAlerts.createdAt), asc(slotAlerts.id));
}

export async function countActiveForStudent(db: DbOrTx, tenantId: string, studentId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(slotAlerts)
    .where(and(eq(slotAlerts.tenantId, tenantId), eq(slotAlerts.studentId, studentId), isActive(today)));
  return Number(row?.n ?? 0);
}

/** Inserts the alert; the same active range again answers the existing one (the partial unique index). */
export async function insertAlert(db: DbOrTx, values: typeof slotAlerts.$inferInsert): Promise<{ row: SlotAlertRow; isNew: boolean }> {
  const [row] = await db.insert(slotAlerts).values(values).onConflictDoNothing().returning();
  if (row) return { row, isNew: true };
  const [existing] = await db
    .select()
    .from(slotAlerts)
    .where(
      and(
        eq(slotAlerts.tenantId, values.tenantId),
        eq(slotAlerts.studentId, values.studentId),
        eq(slotAlerts.instructorId, values.instructorId),
        eq(slotAlerts.fromDate, values.fromDate),
        eq(slotAlerts.toDate, values.toDate),
        isNull(slotAlerts.endedAt),
      ),
    );
  return { row: existing!, isNew: false };
}

/** Ends one of the student's active alerts; false when there is none with that id. */
export async function endAlert(db: DbOrTx, tenantId: string, studentId: string, id: string, reason: "cancelled", now: Date): Promise<boolean> {
  const rows = await db
    .update(slotAlerts)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(slotAlerts.tenantId, tenantId), eq(slotAlerts.studentId, studentId), eq(slotAlerts.id, id), isNull(slotAlerts.endedAt)))
    .returning({ id: slotAlerts.id });
  return rows.length > 0;
}

/** The student booked with the instructor on one of these days: the alerts covering any of them end ('booked'). */
export async function endAlertsOnDates(db: DbOrTx, tenantId: string, studentId: string, instructorId: string, dates: readonly string[], now: Date) {
  for (const date of new Set(dates)) {
    await db
      .update(slotAlerts)
      .set({ endedAt: now, endReason: "booked" })
      .where(
        and(
          eq(slotAlerts.tenantId, tenantId),
          eq(slotAlerts.studentId, studentId),
          eq(slotAlerts.instructorId, instructorId),
          isNull(slotAlerts.endedAt),
          lte(slotAlerts.fromDate, date),
          gte(slotAlerts.toDate, date),
        ),
      );
  }
}

/**
 * The active alerts for an instructor's day, of students still assigned to that instructor, other than `exceptStudentId`
 * (who freed the slot): one per student (a day alert and a week alert over the same day tell once), oldest first.
 */
export async function listAlertsForDay(db: DbOrTx, tenantId: string, instructorId: string, date: string, exceptStudentId: string) {
  const rows = await db
    .select({ id: slotAlerts.id, studentId: slotAlerts.studentId })
    .from(slotAlerts)
    .innerJoin(users, and(eq(users.id, slotAlerts.studentId), eq(users.isActive, true)))
    .where(
      and(
        eq(slotAlerts.tenantId, tenantId),
        eq(slotAlerts.instructorId, instructorId),
        isNull(slotAlerts.endedAt),
        lte(slotAlerts.fromDate, date),
        gte(slotAlerts.toDate, date),
        ne(slotAlerts.studentId, exceptStudentId),
        sql`exists (select 1 from ${instructorAssignments} a where a.tenant_id = ${tenantId} and a.student_id = ${slotAlerts.studentId} and a.instructor_id = ${instructorId})`,
      ),
    )
    .orderBy(asc(slotAlerts.createdAt), asc(slotAlerts.id));
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.studentId) && seen.add(r.studentId));
}

/** Every school's alerts whose last day has passed on that school's calendar end ('expired'). */
export async function expirePassedAlerts(db: DbOrTx, now: Date): Promise<number> {
  const result = await db.execute(sql`
    update slot_alerts a set ended_at = ${now.toISOString()}::timestamptz, end_reason = 'expired'
    from tenants t
    where t.id = a.tenant_id and a.ended_at is null
      and a.to_date < (${now.toISOString()}::timestamptz at time zone t.time_zone)::date
    returning a.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
