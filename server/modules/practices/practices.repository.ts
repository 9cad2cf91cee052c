import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { PRACTICE_MAX_HOURS } from "@/lib/contract/constants/practices";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import { practices } from "../../db/schema/practices";
import { licenses, reservations, vehicles } from "../../db/schema/reservations";

export type NewPractice = typeof practices.$inferInsert;
const student = alias(users, "student");
const instructor = alias(users, "instructor");
type NameColumns = { firstName: AnyPgColumn; surname1: AnyPgColumn; surname2: AnyPgColumn };
/** A user's display name in SQL ('Nombre Apellido1 Apellido2'). */
export const fullName = (u: NameColumns) => sql<string>`trim(${u.firstName} || ' ' || ${u.surname1} || ' ' || coalesce(${u.surname2}, ''))`;

export type PracticeFilter = {
  id?: string;
  studentId?: string;
  instructorId?: string;
  from?: Date;
  to?: Date;
  // A page, newest first: rows before this position (start, id), at most `limit`.
  before?: { at: Date; id: string };
  limit?: number;
};

export async function listPracticeViews(db: DbOrTx, tenantId: string, f: PracticeFilter) {
  const where: SQL | undefined = and(
    eq(practices.tenantId, tenantId),
    f.id ? eq(practices.id, f.id) : undefined,
    f.studentId ? eq(practices.studentId, f.studentId) : undefined,
    f.instructorId ? eq(practices.instructorId, f.instructorId) : undefined,
    f.from ? gte(practices.startAt, f.from) : undefined,
    f.to ? lt(practices.startAt, f.to) : undefined,
    f.before ? sql`(${practices.startAt}, ${practices.id}) < (${f.before.at}, ${f.before.id})` : undefined,
  );
  const query = db
    .select({
      practice: practices,
      studentName: fullName(student),
      instructorName: fullName(instructor),
      license: licenses.name,
      plate: vehicles.plate,
    })
    .from(practices)
    .innerJoin(student, eq(student.id, practices.studentId))
    .innerJoin(instructor, eq(instructor.id, practices.instructorId))
    .innerJoin(licenses, eq(licenses.id, practices.licenseId))
    .leftJoin(vehicles, eq(vehicles.id, practices.vehicleId))
    .where(where)
    .orderBy(desc(practices.startAt), desc(practices.id));
  return f.limit === undefined ? query : query.limit(f.limit);
}

/**
 * The first local day ('YYYY-MM-DD' of the school's calendar, the 1st) of the `count` latest months with practices of
 * the student before `before` (any time when null), newest first. One statement that skips from month to month along
 * practices_student_idx (one index probe per month: a recursive "loose index scan"), so it costs the same however
 * many practices each month or the whole history holds.
 */
export async function listPracticeMonths(
  db: DbOrTx,
  tenantId: string,
  studentId: string,
  before: Date | null,
  count: number,
  timeZone: string,
): Promise<string[]> {
  const latestBefore = (bound: SQL) => sql`(
    select p.start_at from practices p
    where p.tenant_id = ${tenantId} and p.student_id = ${studentId} and p.start_at < ${bound}
    order by p.start_at desc limit 1)`;
  const result = await db.execute(sql`
    with recursive months(month_start) as (
      select date_trunc('month', ${latestBefore(before ? sql`${before}::timestamptz` : sql`'infinity'::timestamptz`)}, ${timeZone})
      union all
      select date_trunc('month', ${latestBefore(sql`months.month_start`)}, ${timeZone})
      from months where months.month_start is not null
    )
    select to_char(month_start at time zone ${timeZone}, 'YYYY-MM') as "month" from months where month_start is not null limit ${count}`);
  return (result.rows as { month: string }[]).map((r) => r.month);
}
export type PracticeViewRow = Awaited<ReturnType<typeof listPracticeViews>>[number];

export async function lockReservation(db: DbOrTx, tenantId: string, id: string) {
  const rows = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id)))
    .for("update");
  return rows[0] ?? null;
}

/**
 * Locks the people of a lesson (their user rows, in id order so two lessons sharing them never deadlock) for the rest
 * of the transaction: recording a practice for a student or an instructor waits for any other one being recorded.
 * NO KEY UPDATE, so rows that merely reference these users can still be written meanwhile.
 */
export async function lockLessonPeople(db: DbOrTx, tenantId: string, userIds: string[]) {
  await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)))
    .orderBy(asc(users.id))
    .for("no key update");
}

export type LessonWindow = { studentId: string; instructorId: string; startAt: Date; endAt: Date };
// No lesson lasts longer (contract): a lower bound on the start keeps the (tenant, person, start) index scans short.
const LONGEST_LESSON_MS = PRACTICE_MAX_HOURS * 3_600_000;
const overlapping = (
  col: { tenantId: AnyPgColumn; studentId: AnyPgColumn; instructorId: AnyPgColumn; startAt: AnyPgColumn; endAt: AnyPgColumn },
  tenantId: string,
  w: LessonWindow,
) =>
  and(
    eq(col.tenantId, tenantId),
    or(eq(col.studentId, w.studentId), eq(col.instructorId, w.instructorId)),
    gt(col.startAt, new Date(w.startAt.getTime() - LONGEST_LESSON_MS)),
    lt(col.startAt, w.endAt),
    gt(col.endAt, w.startAt),
  );

/** A recorded practice of the lesson's student or instructor that overlaps it (half-open ranges), except one of `exceptReservationId`. */
export async function findOverlappingPractice(db: DbOrTx, tenantId: string, w: LessonWindow, exceptReservationId?: string) {
  const rows = await db
    .select({ studentId: practices.studentId, instructorId: practices.instructorId })
    .from(practices)
    .where(
      and(
        overlapping(practices, tenantId, w),
        exceptReservationId ? or(isNull(practices.reservationId), ne(practices.reservationId, exceptReservationId)) : undefined,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function findVehicle(db: DbOrTx, tenantId: string, id: string) {
  const rows = await db.select().from(vehicles).where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id)));
  return rows[0] ?? null;
}

// ON CONFLICT on the reservation's unique index settles a double finish in the database.
export async function insertPractice(db: DbOrTx, row: NewPractice): Promise<string | null> {
  const rows = await db.insert(practices).values(row).onConflictDoNothing().returning({ id: practices.id });
  return rows[0]?.id ?? null;
}

// Which of these reservations have a recorded practice (the booking wizard shows those as practices).
export async function listPracticedReservationIds(db: DbOrTx, tenantId: string, reservationIds: string[]): Promise<Set<string>> {
  if (reservationIds.length === 0) return new Set();
  const rows = await db
    .select({ id: practices.reservationId })
    .from(practices)
    .where(and(eq(practices.tenantId, tenantId), inArray(practices.reservationId, reservationIds)));
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}

// The instructor's confirmed lessons started in [from, now] with no practice recorded, newest first.
export async function listPendingForInstructor(db: DbOrTx, tenantId: string, instructorId: string, from: Date, now: Date) {
  return db
    .select({
      reservationId: reservations.id,
      startAt: reservations.startAt,
      endAt: reservations.endAt,
      studentId: reservations.studentId,
      studentName: fullName(student),
      licenseId: reservations.licenseId,
      license: licenses.name,
    })
    .from(reservations)
    .innerJoin(student, eq(student.id, reservations.studentId))
    .innerJoin(licenses, eq(licenses.id, reservations.licenseId))
    .leftJoin(practices, eq(practices.reservationId, reservations.id))
    .where(
      and(
        eq(reservations.tenantId, tenantId),
        eq(reservations.instructorId, instructorId),
        eq(reservations.status, "confirmed"),
        gte(reservations.startAt, from),
        lte(reservations.startAt, now),
        isNull(practices.id),
      ),
    )
    .orderBy(desc(reservations.startAt));
}

export async function listActiveVehicles(db: DbOrTx, tenantId: string) {
  return db
    .select({ id: vehicles.id, plate: vehicles.plate, description: vehicles.description, licenseId: vehicles.licenseId, license: licenses.name })
    .from(vehicles)
    .leftJoin(licenses, eq(licenses.id, vehicles.licenseId))
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.isActive, true)))
    .orderBy(asc(vehicles.plate));
}
