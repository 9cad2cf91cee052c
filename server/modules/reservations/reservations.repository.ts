import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import { licenses, reservations } from "../../db/schema/reservations";

export type ReservationRow = typeof reservations.$inferSelect;
export type NewReservation = typeof reservations.$inferInsert;
export type ReservationStatusValue = ReservationRow["status"];

const instructor = alias(users, "instructor");
const student = alias(users, "student");
// The administrator who acted as the student (booking; cancellation or its request), when one did.
const actor = alias(users, "acted_by");
const cancelActor = alias(users, "cancellation_acted_by");

const viewColumns = {
  reservation: reservations,
  instructor: { firstName: instructor.firstName, surname1: instructor.surname1, surname2: instructor.surname2, dni: instructor.dni },
  student: { firstName: student.firstName, surname1: student.surname1, surname2: student.surname2, dni: student.dni },
  license: { name: licenses.name, code: licenses.code },
  actedBy: { firstName: actor.firstName, surname1: actor.surname1, surname2: actor.surname2 },
  cancellationActedBy: { firstName: cancelActor.firstName, surname1: cancelActor.surname1, surname2: cancelActor.surname2 },
};

type PersonName = { firstName: string; surname1: string; surname2: string | null };

export type ReservationView = {
  reservation: ReservationRow;
  instructor: { firstName: string; surname1: string; surname2: string | null; dni: string | null };
  student: { firstName: string; surname1: string; surname2: string | null; dni: string | null };
  license: { name: string; code: string };
  actedBy: PersonName | null;
  cancellationActedBy: PersonName | null;
};

export type ReservationFilter = {
  studentId?: string;
  instructorId?: string;
  statuses?: readonly ReservationStatusValue[];
  from?: Date; // overlapping [from, to)
  to?: Date;
  ids?: string[];
  extra?: SQL;
};

function conditions(tenantId: string, f: ReservationFilter): SQL | undefined {
  return and(
    eq(reservations.tenantId, tenantId),
    f.studentId ? eq(reservations.studentId, f.studentId) : undefined,
    f.instructorId ? eq(reservations.instructorId, f.instructorId) : undefined,
    f.statuses ? inArray(reservations.status, [...f.statuses]) : undefined,
    f.from ? gt(reservations.endAt, f.from) : undefined,
    f.to ? lt(reservations.startAt, f.to) : undefined,
    f.ids ? inArray(reservations.id, f.ids) : undefined,
    f.extra,
  );
}

export async function listReservationViews(db: DbOrTx, tenantId: string, filter: ReservationFilter): Promise<ReservationView[]> {
  if (filter.ids?.length === 0) return [];
  return db
    .select(viewColumns)
    .from(reservations)
    .innerJoin(instructor, eq(instructor.id, reservations.instructorId))
    .innerJoin(student, eq(student.id, reservations.studentId))
    .innerJoin(licenses, eq(licenses.id, reservations.licenseId))
    .leftJoin(actor, eq(actor.id, reservations.actedById))
    .leftJoin(cancelActor, eq(cancelActor.id, reservations.cancellationActedById))
    .where(conditions(tenantId, filter))
    .orderBy(asc(reservations.startAt), asc(reservations.id));
}

// A page of a list keyed by the reservation's end plus its id (the index reservations_*_end_idx): rows after `after`
// in the list's direction, at most `limit`.
export type EndKeyPage = { direction: "asc" | "desc"; after?: { at: Date; id: string }; limit: number };

export async function listReservationPage(db: DbOrTx, tenantId: string, filter: ReservationFilter, page: EndKeyPage): Promise<ReservationView[]> {
  const isAsc = page.direction === "asc";
  const keyset = page.after
    ? isAsc
      ? sql`(${reservations.endAt}, ${reservations.id}) > (${page.after.at}, ${page.after.id})`
      : sql`(${reservations.endAt}, ${reservations.id}) < (${page.after.at}, ${page.after.id})`
    : undefined;
  return db
    .select(viewColumns)
    .from(reservations)
    .innerJoin(instructor, eq(instructor.id, reservations.instructorId))
    .innerJoin(student, eq(student.id, reservations.studentId))
    .innerJoin(licenses, eq(licenses.id, reservations.licenseId))
    .leftJoin(actor, eq(actor.id, reservations.actedById))
    .leftJoin(cancelActor, eq(cancelActor.id, reservations.cancellationActedById))
    .where(and(conditions(tenantId, filter), keyset))
    .orderBy(...(isAsc ? [asc(reservations.endAt), asc(reservations.id)] : [desc(reservations.endAt), desc(reservations.id)]))
    .limit(page.limit);
}

// How many rows a list has, counted up to cap + 1 (a tab shows "1000+" past the cap): never a whole read.
export async function countReservations(db: DbOrTx, tenantId: string, filter: ReservationFilter, cap: number): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(reservations).where(conditions(tenantId, filter)).limit(cap + 1).as("capped");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}

// The student's own cancellations since `since` (the daily limit).
export async function countCancellationsSince(db: DbOrTx, tenantId: string, studentId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(and(eq(reservations.tenantId, tenantId), eq(reservations.studentId, studentId), gte(reservations.cancelledAt, since)));
  return Number(row?.n ?? 0);
}

export async function findReservationView(db: DbOrTx, tenantId: string, id: string, filter: ReservationFilter = {}): Promise<ReservationView | null> {
  const [row] = await listReservationViews(db, tenantId, { ...filter, ids: [id] });
  return row ?? null;
}

export type BusyRow = Pick<ReservationRow, "id" | "studentId" | "instructorId" | "startAt" | "endAt" | "status">;

// Active reservations of an instructor or of a student that overlap [from, to).
export async function listActiveBusy(
  db: DbOrTx,
  tenantId: string,
  who: { instructorId: string; studentId?: string },
  from: Date,
  to: Date,
): Promise<BusyRow[]> {
  return db
    .select({
      id: reservations.id,
      studentId: reservations.studentId,
      instructorId: reservations.instructorId,
      startAt: reservations.startAt,
      endAt: reservations.endAt,
      status: reservations.status,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.tenantId, tenantId),
        inArray(reservations.status, ["requested", "confirmed"]),
        gt(reservations.endAt, from),
        lt(reservations.startAt, to),
        who.studentId
          ? or(eq(reservations.instructorId, who.instructorId), eq(reservations.studentId, who.studentId))
          : eq(reservations.instructorId, who.instructorId),
      ),
    );
}

export async function insertReservations(db: DbOrTx, rows: NewReservation[]): Promise<ReservationRow[]> {
  return db.insert(reservations).values(rows).returning();
}

// A state change that happens only if the row is still as expected: the WHERE re-checks the status inside
// the transaction, so of two people acting at once exactly one gets the row back.
export async function updateIf(
  db: DbOrTx,
  tenantId: string,
  id: string,
  expected: {
    status: ReservationStatusValue | readonly ReservationStatusValue[];
    studentId?: string;
    instructorId?: string;
    pendingRequest?: boolean;
    startsAfter?: Date;
  },
  set: Partial<NewReservation>,
): Promise<ReservationRow | null> {
  const pending =
    expected.pendingRequest === undefined
      ? undefined
      : expected.pendingRequest
        ? eq(reservations.cancellationRequestStatus, "pending")
        : sql`${reservations.cancellationRequestStatus} is distinct from 'pending'`;
  const [row] = await db
    .update(reservations)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(reservations.tenantId, tenantId),
        eq(reservations.id, id),
        typeof expected.status === "string" ? eq(reservations.status, expected.status) : inArray(reservations.status, [...expected.status]),
        expected.studentId ? eq(reservations.studentId, expected.studentId) : undefined,
        expected.instructorId ? eq(reservations.instructorId, expected.instructorId) : undefined,
        pending,
        expected.startsAfter ? gt(reservations.startAt, expected.startsAfter) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

// The reservation's row, locked until the transaction ends (a move: two moves of one lesson run one after the other).
export async function lockReservation(db: DbOrTx, tenantId: string, id: string, scope: { studentId?: string; instructorId?: string }): Promise<ReservationRow | null> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(conditions(tenantId, { ...scope, ids: [id] }))
    .for("update");
  return row ?? null;
}

/** Moves a reservation to [start, end) in place: the old time is released and the new one taken by this one UPDATE. */
export async function updateTime(db: DbOrTx, tenantId: string, id: string, set: Pick<NewReservation, "startAt" | "endAt" | "status" | "chargeMode" | "chargeAmount">): Promise<ReservationRow> {
  const [row] = await db
    .update(reservations)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id)))
    .returning();
  return row!;
}
