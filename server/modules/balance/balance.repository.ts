import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import { balanceMovements, balances, reservations } from "../../db/schema/reservations";

export type BalanceRow = typeof balances.$inferSelect;
export type MovementRow = typeof balanceMovements.$inferSelect;
export type NewMovement = typeof balanceMovements.$inferInsert;

export async function findBalance(db: DbOrTx, tenantId: string, studentId: string): Promise<BalanceRow | null> {
  const [row] = await db
    .select()
    .from(balances)
    .where(and(eq(balances.tenantId, tenantId), eq(balances.studentId, studentId)))
    .limit(1);
  return row ?? null;
}

export async function listBalances(db: DbOrTx, tenantId: string, studentIds: string[]): Promise<BalanceRow[]> {
  if (studentIds.length === 0) return [];
  return db
    .select()
    .from(balances)
    .where(and(eq(balances.tenantId, tenantId), inArray(balances.studentId, studentIds)));
}

export async function ensureBalance(db: DbOrTx, tenantId: string, studentId: string): Promise<void> {
  await db.insert(balances).values({ tenantId, studentId }).onConflictDoNothing();
}

// Adds `delta` (negative for a charge) only when the result stays non-negative; null otherwise.
export async function addToBalance(
  db: DbOrTx,
  tenantId: string,
  studentId: string,
  field: "seconds" | "cents",
  delta: number,
): Promise<BalanceRow | null> {
  const column = field === "seconds" ? balances.seconds : balances.cents;
  const [row] = await db
    .update(balances)
    .set({ [field]: sql`${column} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(balances.tenantId, tenantId), eq(balances.studentId, studentId), gte(sql`${column} + ${delta}`, 0)))
    .returning();
  return row ?? null;
}

export async function insertMovement(db: DbOrTx, movement: NewMovement): Promise<MovementRow> {
  const [row] = await db.insert(balanceMovements).values(movement).returning();
  return row!;
}

// Newest first, `limit` rows older than `beforeSeq` (seq is unique and only grows: the ledger's stable order).
export async function listMovements(
  db: DbOrTx,
  tenantId: string,
  studentId: string,
  page: { beforeSeq?: number; limit: number },
): Promise<MovementRow[]> {
  return db
    .select()
    .from(balanceMovements)
    .where(
      and(
        eq(balanceMovements.tenantId, tenantId),
        eq(balanceMovements.studentId, studentId),
        page.beforeSeq === undefined ? undefined : lt(balanceMovements.seq, page.beforeSeq),
      ),
    )
    .orderBy(desc(balanceMovements.seq))
    .limit(page.limit);
}

export type LessonRef = { id: string; startAt: Date; endAt: Date; instructor: { firstName: string; surname1: string; surname2: string | null } };

// The lessons some movements belong to (by the reservation's primary key: one page of the ledger at a time).
export async function listLessons(db: DbOrTx, tenantId: string, reservationIds: string[]): Promise<LessonRef[]> {
  if (reservationIds.length === 0) return [];
  return db
    .select({
      id: reservations.id,
      startAt: reservations.startAt,
      endAt: reservations.endAt,
      instructor: { firstName: users.firstName, surname1: users.surname1, surname2: users.surname2 },
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.instructorId))
    .where(and(eq(reservations.tenantId, tenantId), inArray(reservations.id, [...new Set(reservationIds)])));
}
