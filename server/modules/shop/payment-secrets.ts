import { decrypt, encrypt } from "../../biometrics/crypto";

// The school's Stripe secret key and webhook secret at rest: AES-256-GCM with the app's at-rest key (the one that
// seals face references: BIOMETRIC_ENCRYPTION_KEY, server/biometrics/crypto.ts), bound to the school and the column,
// so a value copied onto another school's row, or from one column to the other, does not open. Stored as text:
// "enc1:" + base64 of crypto.ts's blob. A value without the prefix is a row written before migration 0014, in clear
// (Stripe's keys start with sk_/rk_/whsec_, never with "enc1:"): it still works and is sealed when first read.

export type SecretColumn = "secret_key" | "webhook_secret";

const PREFIX = "enc1:";

export const secretContext = (tenantId: string, column: SecretColumn) => `payment_settings.${column}:${tenantId}`;

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function sealSecret(value: string, tenantId: string, column: SecretColumn, key?: Buffer): string {
  return PREFIX + encrypt(Buffer.from(value, "utf8"), secretContext(tenantId, column), key).toString("base64");
}

/** The clear value; throws when the stored value was sealed with another key, for another school or column. */
export function openSecret(stored: string, tenantId: string, column: SecretColumn, key?: Buffer): string {
  if (!isSealed(stored)) return stored;
  return decrypt(Buffer.from(stored.slice(PREFIX.length), "base64"), secretContext(tenantId, column), key).toString("utf8");
}
