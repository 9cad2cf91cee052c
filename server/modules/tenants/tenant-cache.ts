import { ExpiringCache } from "@/lib/expiring-cache";
import type { DbOrTx } from "../../db/client";
import { findTenantByHost } from "./tenants.repository";

type TenantRow = NonNullable<Awaited<ReturnType<typeof findTenantByHost>>>;

// Every request resolves its school by host; the row is kept for a few seconds instead of read each time. Changes
// made by this process (the tenant commands) forget it at once; other processes see them within TTL_MS
// (docs/operations.md). Unknown hosts are not kept, so a school added elsewhere is found on its first request.
const TTL_MS = 5_000;
const caches = new WeakMap<object, ExpiringCache<string, { tenant: TenantRow; generation: number }>>();
let generation = 0;

export async function tenantOfHost(db: DbOrTx, host: string, options: { allowLocalhostFallback: boolean }): Promise<TenantRow | null> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ExpiringCache(1_000)));
  const key = `${options.allowLocalhostFallback ? "fallback" : "exact"}:${host}`;
  const cached = cache.get(key);
  if (cached && cached.generation === generation) return cached.tenant;
  const tenant = await findTenantByHost(db, host, options);
  if (tenant) cache.set(key, { tenant, generation }, Date.now() + TTL_MS);
  return tenant;
}

/** After a school changes in this process: every cached school is read again. */
export function forgetTenants(): void {
  generation += 1;
}
