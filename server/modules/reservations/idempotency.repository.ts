import { and, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { idempotencyKeys } from "../../db/schema/reservations";

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
type Key = { tenantId: string; userId: string; key: string };

const byKey = (k: Key) =>
  and(eq(idempotencyKeys.tenantId, k.tenantId), eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.key, k.key));

// The key is claimed by the booking's read (booking.repository.ts): an insert that waits for another transaction
// holding the same key (unique index) and claims nothing if that one committed. Its answer is saved by the write.
export async function findKey(db: DbOrTx, k: Key): Promise<IdempotencyRow | null> {
  const [row] = await db.select().from(idempotencyKeys).where(byKey(k)).limit(1);
  return row ?? null;
}

export async function deleteKeysBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
