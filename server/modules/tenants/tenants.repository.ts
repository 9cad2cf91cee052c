import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tenants } from "../../db/schema/core";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export async function findTenantByHost(db: DbOrTx, host: string) {
  const [byDomain] = await db
    .select()
    .from(tenants)
    .where(sql`${host} = any(${tenants.domains})`)
    .limit(1);
  if (byDomain) return byDomain;
  if (!LOCAL_HOSTS.has(host)) return null;
  const [fallback] = await db.select().from(tenants).where(eq(tenants.isDefault, true)).orderBy(tenants.createdAt).limit(1);
  return fallback ?? null;
}

export async function findTenantBySlug(db: DbOrTx, slug: string) {
  const [row] = await db.select().from(tenants).where(and(eq(tenants.slug, slug))).limit(1);
  return row ?? null;
}
