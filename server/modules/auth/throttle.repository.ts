import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { authThrottle } from "../../db/schema/core";

export async function findLockedKeys(db: DbOrTx, keys: string[], now: Date): Promise<Date | null> {
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
  const locks = rows.map((r) => r.lockedUntil).filter((d): d is Date => !!d && d > now);
  return locks.length ? new Date(Math.max(...locks.map((d) => d.getTime()))) : null;
}

// One atomic upsert per key: restart the window when it has passed, lock when the limit is reached.
export async function recordFailure(db: DbOrTx, key: string, limit: number, windowMs: number, lockMs: number, now: Date) {
  const windowStart = new Date(now.getTime() - windowMs);
  const lockUntil = new Date(now.getTime() + lockMs);
  await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: limit <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${authThrottle.windowStartedAt} < ${windowStart.toISOString()} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else ${authThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when (case when ${authThrottle.windowStartedAt} < ${windowStart.toISOString()} then 1 else ${authThrottle.failures} + 1 end) >= ${limit} then ${lockUntil.toISOString()}::timestamptz else ${authThrottle.lockedUntil} end`,
      },
    });
}

export async function clearKeys(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
}
