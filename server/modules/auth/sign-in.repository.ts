import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";

// users.failed_sign_ins (migration 0011): failed sign-ins of the account since its last successful one.

/** Counts one failure; answers the count since the last success, this one included. */
export async function countFailedSignIn(db: DbOrTx, tenantId: string, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ failedSignIns: sql`${users.failedSignIns} + 1` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning({ failedSignIns: users.failedSignIns });
  return row?.failedSignIns ?? 0;
}

/** Reads and resets the count in one statement: of two sign-ins at once, one is told, never both. */
export async function takeFailedSignIns(db: DbOrTx, tenantId: string, userId: string): Promise<number> {
  const result = await db.execute(sql`
    with before as (select id, failed_sign_ins from users where tenant_id = ${tenantId} and id = ${userId} for update)
    update users set failed_sign_ins = 0 from before where users.id = before.id and before.failed_sign_ins > 0
    returning before.failed_sign_ins as n`);
  const rows = (result as unknown as { rows: { n: number | string }[] }).rows;
  return rows[0] ? Number(rows[0].n) : 0;
}
