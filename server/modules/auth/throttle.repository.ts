import { inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { authThrottle } from "../../db/schema/core";

export type ThrottleRow = typeof authThrottle.$inferSelect;

export async function findKeys(db: DbOrTx, keys: string[]): Promise<Map<string, ThrottleRow>> {
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
  return new Map(rows.map((r) => [r.key, r]));
}

// One atomic upsert per key: restart the count when its window has passed. Returns the count after this failure.
export async function countFailure(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<number> {
  const expired = sql`${authThrottle.windowStartedAt} < ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${authThrottle.windowStartedAt} end`,
      },
    })
    .returning({ failures: authThrottle.failures });
  return row?.failures ?? 1;
}

export async function setBackoff(db: DbOrTx, key: string, until: Date): Promise<void> {
  await db.update(authThrottle).set({ lockedUntil: until }).where(sql`${authThrottle.key} = ${key}`);
}

export async function clearKeys(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
}

/** Rows whose window and back-off both ended long ago carry no information any more. */
export async function purgeThrottle(db: DbOrTx, before: Date): Promise<void> {
  await db
    .delete(authThrottle)
    .where(sql`${lt(authThrottle.windowStartedAt, before)} and (${authThrottle.lockedUntil} is null or ${authThrottle.lockedUntil} < ${before.toISOString()}::timestamptz)`);
}

/** Inserts a one-off key (a used challenge); false when it was there already. */
export async function claimOnce(db: DbOrTx, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(authThrottle)
    .values({ key, failures: 0, windowStartedAt: now, lockedUntil: null })
    .onConflictDoNothing({ target: authThrottle.key })
    .returning({ key: authThrottle.key });
  return rows.length > 0;
}
