import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { paymentSettings } from "../../db/schema/shop";
import type { ProviderKeys } from "../../payments/types";
import { cachedPerTenant, forgetSettings } from "../config/settings-cache";

// The school's Stripe keys. Read only by the shop service and the config service; never answered or logged.
export async function findPaymentKeys(db: DbOrTx, tenantId: string): Promise<ProviderKeys | null> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenantId)).limit(1);
  if (!row || !row.secretKey || !row.publishableKey || !row.webhookSecret) return null;
  return {
    secretKey: row.secretKey,
    publishableKey: row.publishableKey,
    webhookSecret: row.webhookSecret,
    stripeAccount: row.stripeAccount ?? null,
  };
}

// Whether card top-up is on (GET /config, on every page): kept a few seconds like the settings.
export async function hasPaymentKeys(db: DbOrTx, tenantId: string): Promise<boolean> {
  return cachedPerTenant(db, "has-payment-keys", tenantId, async () => (await findPaymentKeys(db, tenantId)) !== null);
}

export async function upsertPaymentKeys(db: DbOrTx, tenantId: string, keys: ProviderKeys): Promise<void> {
  const values = {
    secretKey: keys.secretKey,
    publishableKey: keys.publishableKey,
    webhookSecret: keys.webhookSecret,
    stripeAccount: keys.stripeAccount,
    updatedAt: new Date(),
  };
  forgetSettings();
  await db
    .insert(paymentSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: paymentSettings.tenantId, set: values });
}

export async function deletePaymentKeys(db: DbOrTx, tenantId: string): Promise<void> {
  forgetSettings();
  await db.delete(paymentSettings).where(eq(paymentSettings.tenantId, tenantId));
}

/** The schools that have Stripe keys (card top-up on); the keys themselves are not read. */
export async function listTenantIdsWithPaymentKeys(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ tenantId: paymentSettings.tenantId }).from(paymentSettings);
  return new Set(rows.map((r) => r.tenantId));
}
