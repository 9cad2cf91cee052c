import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { biometricReferences } from "../db/schema/cap";
import { embeddingContext, imageContext } from "../modules/cap/biometric-reference.service";
import { decrypt, encrypt } from "./crypto";

// Re-encrypts every stored face reference from one key to another in a single transaction: either all rows
// move to the new key or none does (a wrong old key fails the first row and changes nothing).
export async function rotateBiometricKey(db: Db, oldKey: Buffer, newKey: Buffer): Promise<number> {
  return db.transaction(async (tx) => {
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
  });
}
