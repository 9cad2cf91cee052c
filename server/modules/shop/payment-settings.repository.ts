import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { paymentSettings } from "../../db/schema/shop";
import { safeErrorSummary } from "../../db/pg-errors";
import { getLogger } from "../../logger";
import type { ProviderKeys } from "../../payments/types";
import { cachedPerTenant, forgetSettings } from "../config/settings-cache";
import { isSealed, openSecret, sealSecret } from "./payment-secrets";

type SettingsRow = typeof paymentSettings.$inferSelect;

// The school's Stripe keys. Read only by the shop service and the config service; never answered or logged.
// Keys that cannot be opened (the at-rest key was changed without `npm run rotate:biometric-key`) switch card top-up
// off for the school and are logged without any key material, instead of failing every page with a 500.
export async function findPaymentKeys(db: DbOrTx, tenantId: string): Promise<ProviderKeys | null> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenantId)).limit(1);
  if (!row || !row.secretKey || !row.publishableKey || !row.webhookSecret) return null;
  let keys: ProviderKeys;
  try {
    keys = {
      secretKey: openSecret(row.secretKey, tenantId, "secret_key"),
      publishableKey: row.publishableKey,
      webhookSecret: openSecret(row.webhookSecret, tenantId, "webhook_secret"),
      stripeAccount: row.stripeAccount ?? null,
    };
  } catch {
    getLogger().error({ tenantId }, "payment settings cannot be decrypted with the configured at-rest key: card top-up is off");
    return null;
  }
  if (!isSealed(row.secretKey) || !isSealed(row.webhookSecret)) await sealInPlace(db, row, keys);
  return keys;
}

// A row written before migration 0014 holds its secrets in clear: sealed on its first read. The update only applies
// while the row still holds what was read, so a concurrent rewrite wins; a failure leaves the row for the next read.
async function sealInPlace(db: DbOrTx, row: SettingsRow, keys: ProviderKeys): Promise<void> {
  try {
    await db
      .update(paymentSettings)
      .set({ secretKey: sealSecret(keys.secretKey, row.tenantId, "secret_key"), webhookSecret: sealSecret(keys.webhookSecret, row.tenantId, "webhook_secret") })
      .where(and(eq(paymentSettings.tenantId, row.tenantId), eq(paymentSettings.secretKey, row.secretKey), eq(paymentSettings.webhookSecret, row.webhookSecret)));
  } catch (error) {
    getLogger().warn({ tenantId: row.tenantId, ...safeErrorSummary(error) }, "payment settings in clear could not be sealed yet");
  }
}

// The school's stored keys for the office's settings page: opened (to be masked by the service, never answered), or
// marked unreadable when they cannot be opened with the configured at-rest key.
export type StoredPaymentSettings = { keys: ProviderKeys | null; isUnreadable: boolean; updatedAt: Date };

export async function findPaymentSettings(db: DbOrTx, tenantId: string): Promise<StoredPaymentSettings | null> {
  const [row] = await db.select({ updatedAt: paymentSettings.updatedAt }).from(paymentSettings).where(eq(paymentSettings.tenantId, tenantId)).limit(1);
  if (!row) return null;
  const keys = await findPaymentKeys(db, tenantId);
  return { keys, isUnreadable: keys === null, updatedAt: row.updatedAt };
}

// Whether card top-up is on (GET /config, on every page): kept a few seconds like the settings.
export async function hasPaymentKeys(db: DbOrTx, tenantId: string): Promise<boolean> {
  return cachedPerTenant(db, "has-payment-keys", tenantId, async () => (await findPaymentKeys(db, tenantId)) !== null);
}

export async function upsertPaymentKeys(db: DbOrTx, tenantId: string, keys: ProviderKeys): Promise<void> {
  const values = {
    secretKey: sealSecret(keys.secretKey, tenantId, "secret_key"),
    publishableKey: keys.publishableKey,
    webhookSecret: sealSecret(keys.webhookSecret, tenantId, "webhook_secret"),
    stripeAccount: keys.stripeAccount,
    updatedAt: new Date(),
  };
  forgetSettings();
  await db
    .insert(paymentSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: paymentSettings.tenantId, set: values });
}

/** Whether a row was there to delete (the office's switch-off is audited only when it switched something off). */
export async function deletePaymentKeys(db: DbOrTx, tenantId: string): Promise<boolean> {
  forgetSettings();
  const deleted = await db.delete(paymentSettings).where(eq(paymentSettings.tenantId, tenantId)).returning({ tenantId: paymentSettings.tenantId });
  return deleted.length > 0;
}

/** The schools that have Stripe keys (card top-up on); the keys themselves are not read. */
export async function listTenantIdsWithPaymentKeys(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ tenantId: paymentSettings.tenantId }).from(paymentSettings);
  return new Set(rows.map((r) => r.tenantId));
}
