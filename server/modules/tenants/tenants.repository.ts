import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tenants } from "../../db/schema/core";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

// The localhost fallback to the default school is for development only (server/http/tenant.ts turns it off in production).
export async function findTenantByHost(db: DbOrTx, host: string, options = { allowLocalhostFallback: true }) {
  const [byDomain] = await db
    .select()
    .from(tenants)
    .where(and(sql`${host} = any(${tenants.domains})`, eq(tenants.isActive, true)))
    .limit(1);
  if (byDomain) return byDomain;
  if (!options.allowLocalhostFallback || !LOCAL_HOSTS.has(host)) return null;
  const [fallback] = await db.select().from(tenants).where(and(eq(tenants.isDefault, true), eq(tenants.isActive, true))).orderBy(tenants.createdAt).limit(1);
  return fallback ?? null;
}

export async function findTenantBySlug(db: DbOrTx, slug: string) {
  const [row] = await db.select().from(tenants).where(and(eq(tenants.slug, slug))).limit(1);
  return row ?? null;
}
