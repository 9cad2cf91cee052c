import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { biometricReferences } from "../../db/schema/cap";

export type ReferenceRow = typeof biometricReferences.$inferSelect;
export type ReferenceValues = {
  studentId: string;
  imageMime: string;
  imageEncrypted: Buffer;
  embeddingEncrypted: Buffer;
  createdBy: string | null;
  createdAt: Date;
};

export async function findReference(db: DbOrTx, tenantId: string, studentId: string): Promise<ReferenceRow | null> {
  const [row] = await db
    .select()
    .from(biometricReferences)
    .where(and(eq(biometricReferences.tenantId, tenantId), eq(biometricReferences.studentId, studentId)))
    .limit(1);
  return row ?? null;
}

/** One reference per student: a new capture replaces the previous one. */
export async function upsertReference(db: DbOrTx, tenantId: string, values: ReferenceValues): Promise<void> {
  const { studentId, ...rest } = values;
  await db
    .insert(biometricReferences)
    .values({ tenantId, studentId, ...rest })
    .onConflictDoUpdate({ target: biometricReferences.studentId, set: rest });
}

export async function deleteReference(db: DbOrTx, tenantId: string, studentId: string): Promise<boolean> {
  const rows = await db
    .delete(biometricReferences)
    .where(and(eq(biometricReferences.tenantId, tenantId), eq(biometricReferences.studentId, studentId)))
    .returning({ studentId: biometricReferences.studentId });
  return rows.length > 0;
}
