import { and, asc, eq, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";

export type UserRow = typeof users.$inferSelect;

export function displayName(user: Pick<UserRow, "firstName" | "surname1" | "surname2">): string {
  return [user.firstName, user.surname1, user.surname2].filter(Boolean).join(" ").trim();
}

export async function findUserById(db: DbOrTx, tenantId: string, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))).limit(1);
  return row ?? null;
}

// Login accepts the username (case-insensitive) or the DNI/NIE (upper-cased).
export async function findUserByLogin(db: DbOrTx, tenantId: string, login: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        or(sql`lower(${users.username}) = ${login.toLowerCase()}`, sql`upper(${users.dni}) = ${login.toUpperCase()}`),
      ),
    )
    .orderBy(sql`case when lower(${users.username}) = ${login.toLowerCase()} then 0 else 1 end`)
    .limit(1);
  return row ?? null;
}

export async function updatePasswordHash(db: DbOrTx, tenantId: string, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
}

export async function listUsersWithLogin(db: DbOrTx, tenantId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`${users.username} is not null`))
    .orderBy(asc(users.firstName), asc(users.surname1));
}
