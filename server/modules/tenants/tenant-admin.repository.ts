import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tenants } from "../../db/schema/core";
import { tenantAssets } from "../../db/schema/operations";

export type TenantRow = typeof tenants.$inferSelect;
export type NewTenant = typeof tenants.$inferInsert;

export async function listTenants(db: DbOrTx): Promise<TenantRow[]> {
  return db.select().from(tenants).orderBy(asc(tenants.slug));
}

export async function insertTenant(db: DbOrTx, values: NewTenant): Promise<TenantRow> {
  const [row] = await db.insert(tenants).values(values).returning();
  return row;
}

export async function updateTenant(db: DbOrTx, id: string, values: Partial<NewTenant>): Promise<TenantRow> {
  const [row] = await db.update(tenants).set(values).where(eq(tenants.id, id)).returning();
  return row;
}

export async function upsertAsset(db: DbOrTx, tenantId: string, name: string, contentType: string, data: Buffer): Promise<void> {
  await db
    .insert(tenantAssets)
    .values({ tenantId, name, contentType, data })
    .onConflictDoUpdate({ target: [tenantAssets.tenantId, tenantAssets.name], set: { contentType, data, updatedAt: new Date() } });
}

export async function findAsset(db: DbOrTx, tenantId: string, name: string) {
  const [row] = await db
    .select()
    .from(tenantAssets)
    .where(and(eq(tenantAssets.tenantId, tenantId), eq(tenantAssets.name, name)))
    .limit(1);
  return row ?? null;
}

