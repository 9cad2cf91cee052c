import { eq } from "drizzle-orm";
import { decrypt, encrypt } from "../server/biometrics/crypto";
import type { Db, Tx } from "../server/db/client";
import { biometricReferences } from "../server/db/schema/cap";
import { faceReferences } from "../server/db/schema/cap-faces";
import { paymentSettings } from "../server/db/schema/shop";
import { embeddingContext, imageContext } from "../server/modules/cap/biometric-reference.service";
import { openSecret, sealSecret } from "../server/modules/shop/payment-secrets";

// The work of `npm run rotate:biometric-key` (scripts/rotate-biometric-key.ts). A one-off operation over two modules'
// tables, so it sits with the scripts rather than in an adapter folder (issue 32 §5).

export type RotationCount = { biometricReferences: number; faceReferences: number; paymentSettings: number };

/**
 * Moves everything sealed with the at-rest key (BIOMETRIC_ENCRYPTION_KEY) to a new key in a single transaction: the
 * face references and the schools' Stripe secret keys and webhook secrets. Either every row moves or none does (a
 * wrong old key fails the first row and changes nothing). Stripe secrets still in clear (written before migration
 * 0014) are sealed under the new key on the way.
 */
export async function rotateEncryptionKey(db: Db, oldKey: Buffer, newKey: Buffer): Promise<RotationCount> {
  return db.transaction(async (tx) => ({
    biometricReferences: await rotateBiometricReferences(tx, oldKey, newKey),
    faceReferences: await rotateFaceReferences(tx, oldKey, newKey),
    paymentSettings: await rotatePaymentSettings(tx, oldKey, newKey),
  }));
}

async function rotateBiometricReferences(tx: Tx, oldKey: Buffer, newKey: Buffer): Promise<number> {
  const rows = await tx.select().from(biometricReferences).for("update");
  for (const row of rows) {
    const image = decrypt(row.imageEncrypted, imageContext(row.tenantId, row.studentId), oldKey);
    const embedding = decrypt(row.embeddingEncrypted, embeddingContext(row.tenantId, row.studentId), oldKey);
    await tx
      .update(biometricReferences)
      .set({
        imageEncrypted: encrypt(image, imageContext(row.tenantId, row.studentId), newKey),
        embeddingEncrypted: encrypt(embedding, embeddingContext(row.tenantId, row.studentId), newKey),
      })
      .where(eq(biometricReferences.id, row.id));
  }
  return rows.length;
}

/** References 2..5 of a student (issue 30): each sealed for its position. */
async function rotateFaceReferences(tx: Tx, oldKey: Buffer, newKey: Buffer): Promise<number> {
  const rows = await tx.select().from(faceReferences).for("update");
  for (const row of rows) {
    const imageAt = imageContext(row.tenantId, row.studentId, row.position);
    const embeddingAt = embeddingContext(row.tenantId, row.studentId, row.position);
    await tx
      .update(faceReferences)
      .set({
        imageEncrypted: encrypt(decrypt(row.imageEncrypted, imageAt, oldKey), imageAt, newKey),
        embeddingEncrypted: encrypt(decrypt(row.embeddingEncrypted, embeddingAt, oldKey), embeddingAt, newKey),
      })
      .where(eq(faceReferences.id, row.id));
  }
  return rows.length;
}

async function rotatePaymentSettings(tx: Tx, oldKey: Buffer, newKey: Buffer): Promise<number> {
  const rows = await tx.select().from(paymentSettings).for("update");
  for (const row of rows) {
    const secretKey = openSecret(row.secretKey, row.tenantId, "secret_key", oldKey);
    const webhookSecret = openSecret(row.webhookSecret, row.tenantId, "webhook_secret", oldKey);
    await tx
      .update(paymentSettings)
      .set({
        secretKey: sealSecret(secretKey, row.tenantId, "secret_key", newKey),
        webhookSecret: sealSecret(webhookSecret, row.tenantId, "webhook_secret", newKey),
      })
      .where(eq(paymentSettings.tenantId, row.tenantId));
  }
  return rows.length;
}
