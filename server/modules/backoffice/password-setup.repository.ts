import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { passwordSetupTokens } from "../../db/schema/backoffice";

export async function insertSetupToken(
  db: DbOrTx,
  values: { tenantId: string; userId: string; tokenHash: string; expiresAt: Date; createdBy: string | null },
): Promise<void> {
  await db.insert(passwordSetupTokens).values(values);
}

// Earlier links stop working when a new one is made or a password is set.
export async function revokeUserTokens(db: DbOrTx, tenantId: string, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordSetupTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordSetupTokens.tenantId, tenantId), eq(passwordSetupTokens.userId, userId), isNull(passwordSetupTokens.usedAt)));
}

// The user of a live token (known, unused, unexpired), without using it up: the cheap check before any hashing.
export async function findLiveSetupToken(db: DbOrTx, tenantId: string, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ userId: passwordSetupTokens.userId })
    .from(passwordSetupTokens)
    .where(
      and(
        eq(passwordSetupTokens.tenantId, tenantId),
        eq(passwordSetupTokens.tokenHash, tokenHash),
        isNull(passwordSetupTokens.usedAt),
        gt(passwordSetupTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

// Marks a valid token used and answers its user; null when unknown, used or expired. The conditional
// update makes a second use of the same link lose the race.
export async function consumeSetupToken(db: DbOrTx, tenantId: string, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(passwordSetupTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordSetupTokens.tenantId, tenantId),
        eq(passwordSetupTokens.tokenHash, tokenHash),
        isNull(passwordSetupTokens.usedAt),
        gt(passwordSetupTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordSetupTokens.userId });
  return row?.userId ?? null;
}
