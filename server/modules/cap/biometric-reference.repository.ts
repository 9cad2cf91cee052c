import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { biometricReferences } from "../../db/schema/cap";
import { faceReferences } from "../../db/schema/cap-faces";

export type ReferenceRow = typeof biometricReferences.$inferSelect;
export type FaceReferenceRow = typeof faceReferences.$inferSelect;
export type ReferenceImage = { imageMime: string; imageEncrypted: Buffer; embeddingEncrypted: Buffer };
export type ReferenceValues = ReferenceImage & {
  studentId: string;
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

/** References 2..5 of the student, by position. */
export async function listFurtherReferences(db: DbOrTx, tenantId: string, studentId: string): Promise<FaceReferenceRow[]> {
  return db
    .select()
    .from(faceReferences)
    .where(and(eq(faceReferences.tenantId, tenantId), eq(faceReferences.studentId, studentId)))
    .orderBy(asc(faceReferences.position));
}

/** One reference per student: a new capture replaces the previous one. */
export async function upsertReference(db: DbOrTx, tenantId: string, values: ReferenceValues): Promise<void> {
  const { studentId, ...rest } = values;
  await db
    .insert(biometricReferences)
    .values({ tenantId, studentId, ...rest })
    .onConflictDoUpdate({ target: biometricReferences.studentId, set: rest });
}

/** Replaces references 2..5 of the student with `images` (positions 2, 3, ... in order); none removes them. */
export async function replaceFurtherReferences(
  db: DbOrTx,
  tenantId: string,
  values: { studentId: string; createdBy: string | null; createdAt: Date; images: ReferenceImage[] },
): Promise<void> {
  await db.delete(faceReferences).where(and(eq(faceReferences.tenantId, tenantId), eq(faceReferences.studentId, values.studentId)));
  if (values.images.length === 0) return;
  await db.insert(faceReferences).values(
    values.images.map((image, i) => ({ tenantId, studentId: values.studentId, position: i + 2, createdBy: values.createdBy, createdAt: values.createdAt, ...image })),
  );
}

export async function deleteReference(db: DbOrTx, tenantId: string, studentId: string): Promise<boolean> {
  await db.delete(faceReferences).where(and(eq(faceReferences.tenantId, tenantId), eq(faceReferences.studentId, studentId)));
  const rows = await db
    .delete(biometricReferences)
    .where(and(eq(biometricReferences.tenantId, tenantId), eq(biometricReferences.studentId, studentId)))
    .returning({ studentId: biometricReferences.studentId });
  return rows.length > 0;
}
