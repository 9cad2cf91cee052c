import { and, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { idempotencyKeys } from "../../db/schema/reservations";

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
type Key = { tenantId: string; userId: string; key: string };

const byKey = (k: Key) =>
  and(eq(idempotencyKeys.tenantId, k.tenantId), eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.key, k.key));

// Claims the key. When another transaction holds the same key, this waits for it (unique index) and then
// answers false if that one committed.
export async function claimKey(db: DbOrTx, k: Key, requestHash: string): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...k, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(db: DbOrTx, k: Key): Promise<IdempotencyRow | null> {
  const [row] = await db.select().from(idempotencyKeys).where(byKey(k)).limit(1);
  return row ?? null;
}

export async function saveKeyResponse(db: DbOrTx, k: Key, statusCode: number, response: unknown): Promise<void> {
  await db.update(idempotencyKeys).set({ statusCode, response }).where(byKey(k));
}

export async function deleteKeysBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
