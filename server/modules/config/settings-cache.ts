import { PgTransaction } from "drizzle-orm/pg-core";
import { ExpiringCache } from "@/lib/expiring-cache";
import type { DbOrTx } from "../../db/client";

// A school's settings are read by nearly every request (every page loads GET /config; reservation lists, balances and
// calendars read the booking settings) and change a few times a year: outside a transaction they are kept a few
// seconds. A change made by this process (the back-office, the tenant commands, the demo seed) forgets them at once;
// other processes see it within TTL_MS, as they do a school's host (tenant-cache.ts). Inside a transaction they are
// always read, so a write decides on the values it locks and sees (booking, settings updates).
const TTL_MS = 5_000;
const caches = new WeakMap<object, ExpiringCache<string, unknown>>();
let generation = 0;

export async function cachedPerTenant<T>(db: DbOrTx, key: string, tenantId: string, read: () => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return read();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ExpiringCache(2_000)));
  const cacheKey = `${key}:${tenantId}`;
  const hit = cache.get(cacheKey) as { value: T; generation: number } | undefined;
  if (hit && hit.generation === generation) return hit.value;
  const readAt = generation;
  const value = await read();
  // A change that happened while this read ran may not be in it: keep it only if nothing changed meanwhile.
  if (readAt === generation) cache.set(cacheKey, { value, generation }, Date.now() + TTL_MS);
  return value;
}

/** After a school's settings or payment keys change in this process. */
export function forgetSettings(): void {
  generation += 1;
}
