import { aliasedTable, and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { PAGE_COUNT_CAP } from "@/lib/contract/constants/paging";
import { ROLE_STUDENT } from "@/lib/session/roles";
import type { DbOrTx } from "../../db/client";
import { capCourses, capEnrollments, capSessions } from "../../db/schema/cap";
import { users } from "../../db/schema/core";
import { examSlots, exams } from "../../db/schema/exams";
import { balanceMovements, balances, instructorAssignments } from "../../db/schema/reservations";
import { balanceAdjustments, orders } from "../../db/schema/shop";

// The office's home reads the whole school's day (issue 31 §1). Every read is bounded by the day or the week, or
// limited and counted (capped), never a whole growing list.

type Range = { from: Date; to: Date };
const PAYMENTS_LIMIT = 200;

export async function listPeople(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, surname1: users.surname1, surname2: users.surname2, phone: users.phone })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set(ids)])));
}

/** CAP sessions that touch the range, with their course and how many are enrolled in it. */
export async function listCapSessionsBetween(db: DbOrTx, tenantId: string, r: Range) {
  return db
    .select({
      id: capSessions.id,
      courseId: capSessions.capCourseId,
      course: capCourses.name,
      name: capSessions.name,
      startAt: capSessions.startAt,
      endAt: capSessions.endAt,
      enrolled: sql<number>`(select count(*)::int from ${capEnrollments} where ${capEnrollments.capCourseId} = ${capSessions.capCourseId})`,
    })
    .from(capSessions)
    .innerJoin(capCourses, eq(capCourses.id, capSessions.capCourseId))
    .where(and(eq(capSessions.tenantId, tenantId), lt(capSessions.startAt, r.to), sql`${capSessions.endAt} > ${r.from}`))
    .orderBy(asc(capSessions.startAt), asc(capSessions.id));
}

/** Exam dates in the range, with their registrations over every slot. */
export async function listExamsBetween(db: DbOrTx, tenantId: string, r: Range) {
  return db
    .select({
      id: exams.id,
      date: exams.date,
      location: exams.location,
      // Qualified by hand: in a one-table query Drizzle writes its columns unqualified, which a subquery would read as its own.
      registered: sql<number>`coalesce((select sum(s.registered_count)::int from ${examSlots} s where s.exam_id = ${exams}.id), 0)`,
    })
    .from(exams)
    .where(and(eq(exams.tenantId, tenantId), gte(exams.date, r.from), lt(exams.date, r.to)))
    .orderBy(asc(exams.date), asc(exams.id));
}

/**
 * Active students with at least one instructor (they take lessons) whose balance in `mode` is below `below`; a student
 * without a balance row has none. Lowest first, then by name; the first `limit` and the capped count.
 */
export async function listLowBalances(db: DbOrTx, tenantId: string, mode: "time" | "money", below: number, limit: number) {
  const amount = mode === "time" ? sql<number>`coalesce(${balances.seconds}, 0)` : sql<number>`coalesce(${balances.cents}, 0)`;
  const where = and(
    eq(users.tenantId, tenantId),
    eq(users.isActive, true),
    sql`${ROLE_STUDENT} = any(${users.roles})`,
    sql`exists (select 1 from ${instructorAssignments} where ${instructorAssignments.tenantId} = ${tenantId} and ${instructorAssignments.studentId} = ${users.id})`,
    sql`${amount} < ${below}`,
  );
  const from = () =>
    db
      .select({ id: users.id })
      .from(users)
      .leftJoin(balances, and(eq(balances.studentId, users.id), eq(balances.tenantId, tenantId)))
      .where(where);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        surname1: users.surname1,
        surname2: users.surname2,
        phone: users.phone,
        seconds: sql<number>`coalesce(${balances.seconds}, 0)`,
        cents: sql<number>`coalesce(${balances.cents}, 0)`,
      })
      .from(users)
      .leftJoin(balances, and(eq(balances.studentId, users.id), eq(balances.tenantId, tenantId)))
      .where(where)
      .orderBy(amount, asc(users.firstName), asc(users.surname1), asc(users.id))
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(from().limit(PAGE_COUNT_CAP + 1).as("capped")),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

const payer = aliasedTable(users, "payer");

/** Card orders paid in the range (the credited ones), newest first. */
export async function listCardPaymentsBetween(db: DbOrTx, tenantId: string, r: Range) {
  return db
    .select({
      id: orders.id,
      paidAt: orders.paidAt,
      totalCents: orders.totalCents,
      creditMode: orders.creditMode,
      creditAmount: orders.creditAmount,
      studentId: orders.studentId,
      student: { firstName: payer.firstName, surname1: payer.surname1, surname2: payer.surname2 },
    })
    .from(orders)
    .innerJoin(payer, eq(payer.id, orders.studentId))
    .where(and(eq(orders.tenantId, tenantId), eq(orders.status, "paid"), gte(orders.paidAt, r.from), lt(orders.paidAt, r.to)))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(PAYMENTS_LIMIT);
}

/** The desk's top-ups by hand in the range (a ledger 'recarga_admin' with the desk's adjustment row), newest first. */
export async function listDeskTopUpsBetween(db: DbOrTx, tenantId: string, r: Range) {
  return db
    .select({
      id: balanceMovements.id,
      createdAt: balanceMovements.createdAt,
      type: balanceMovements.type,
      amount: balanceMovements.amount,
      studentId: balanceMovements.studentId,
      reason: balanceAdjustments.reason,
      clerkId: balanceAdjustments.createdBy,
      student: { firstName: payer.firstName, surname1: payer.surname1, surname2: payer.surname2 },
    })
    .from(balanceMovements)
    .innerJoin(balanceAdjustments, and(eq(balanceAdjustments.movementId, balanceMovements.id), eq(balanceAdjustments.tenantId, tenantId)))
    .innerJoin(payer, eq(payer.id, balanceMovements.studentId))
    .where(
      and(
        eq(balanceMovements.tenantId, tenantId),
        eq(balanceMovements.description, "recarga_admin"),
        gte(balanceMovements.createdAt, r.from),
        lt(balanceMovements.createdAt, r.to),
      ),
    )
    .orderBy(desc(balanceMovements.createdAt), desc(balanceMovements.seq))
    .limit(PAYMENTS_LIMIT);
}
