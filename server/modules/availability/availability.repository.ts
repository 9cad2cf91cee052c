import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { availabilityOverrides, availabilityRules } from "../../db/schema/reservations";

export type RuleRow = typeof availabilityRules.$inferSelect;
export type OverrideRow = typeof availabilityOverrides.$inferSelect;

export async function listRules(db: DbOrTx, tenantId: string, instructorIds: string[]): Promise<RuleRow[]> {
  if (instructorIds.length === 0) return [];
  return db
    .select()
    .from(availabilityRules)
    .where(and(eq(availabilityRules.tenantId, tenantId), inArray(availabilityRules.instructorId, instructorIds)))
    .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinutes));
}

export async function listOverrides(
  db: DbOrTx,
  tenantId: string,
  instructorIds: string[],
  range?: { from: string; to: string },
): Promise<OverrideRow[]> {
  if (instructorIds.length === 0) return [];
  return db
    .select()
    .from(availabilityOverrides)
    .where(
      and(
        eq(availabilityOverrides.tenantId, tenantId),
        inArray(availabilityOverrides.instructorId, instructorIds),
        range ? gte(availabilityOverrides.date, range.from) : undefined,
        range ? lte(availabilityOverrides.date, range.to) : undefined,
      ),
    )
    .orderBy(asc(availabilityOverrides.date), asc(availabilityOverrides.startMinutes));
}

export async function replaceRules(
  db: DbOrTx,
  tenantId: string,
  instructorId: string,
  rules: { weekday: number; startMinutes: number; endMinutes: number }[],
): Promise<void> {
  await db
    .delete(availabilityRules)
    .where(and(eq(availabilityRules.tenantId, tenantId), eq(availabilityRules.instructorId, instructorId)));
  if (rules.length > 0) await db.insert(availabilityRules).values(rules.map((r) => ({ ...r, tenantId, instructorId })));
}

export async function insertOverride(db: DbOrTx, values: typeof availabilityOverrides.$inferInsert): Promise<OverrideRow> {
  const [row] = await db.insert(availabilityOverrides).values(values).returning();
  return row!;
}

export async function deleteOverride(db: DbOrTx, tenantId: string, instructorId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(availabilityOverrides)
    .where(
      and(
        eq(availabilityOverrides.tenantId, tenantId),
        eq(availabilityOverrides.instructorId, instructorId),
        eq(availabilityOverrides.id, id),
      ),
    )
    .returning({ id: availabilityOverrides.id });
  return rows.length > 0;
}

// The lock of one instructor's schedule, held until the transaction ends. A day off takes it alone; every new active
// reservation takes it shared (the trigger reservations_respect_days_off, migration 0018), then checks the days off
// with a fresh snapshot. So a day off never misses a lesson booked while it is being saved, and a booking never lands
// on a day off saved while it was being made. 72616018 names this lock among the app's advisory locks.
export const SCHEDULE_LOCK_CLASS = 72_616_018;

export async function lockSchedule(db: DbOrTx, instructorId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_CLASS}::int, hashtext(${instructorId}::text))`);
}
