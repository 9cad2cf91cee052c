import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tenantSettings } from "../../db/schema/reservations";
import { cachedPerTenant, forgetSettings } from "./settings-cache";

export async function listSettings(db: DbOrTx, tenantId: string): Promise<Record<string, string>> {
  return cachedPerTenant(db, "settings", tenantId, async () => {
    const rows = await db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tenantId));
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  });
}

export async function upsertSettings(db: DbOrTx, tenantId: string, values: Record<string, string>): Promise<void> {
  const entries = Object.entries(values);
  if (entries.length === 0) return;
  forgetSettings();
  await db
    .delete(tenantSettings)
    .where(and(eq(tenantSettings.tenantId, tenantId), inArray(tenantSettings.key, entries.map(([k]) => k))));
  await db.insert(tenantSettings).values(entries.map(([key, value]) => ({ tenantId, key, value })));
}
