import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { schoolDetails } from "../../db/schema/sales";

export type SchoolDetailsRow = typeof schoolDetails.$inferSelect;

export async function findSchoolDetails(db: DbOrTx, tenantId: string): Promise<SchoolDetailsRow | null> {
  const [row] = await db.select().from(schoolDetails).where(eq(schoolDetails.tenantId, tenantId)).limit(1);
  return row ?? null;
}

export async function upsertSchoolDetails(db: DbOrTx, row: Omit<typeof schoolDetails.$inferInsert, "updatedAt">): Promise<void> {
  const { tenantId, ...values } = row;
  await db
    .insert(schoolDetails)
    .values(row)
    .onConflictDoUpdate({ target: schoolDetails.tenantId, set: { ...values, updatedAt: new Date() } });
}
