import { and, asc, eq, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { preparedRead } from "../../db/prepared";
import { users } from "../../db/schema/core";

export type UserRow = typeof users.$inferSelect;

export function displayName(user: Pick<UserRow, "firstName" | "surname1" | "surname2">): string {
  return [user.firstName, user.surname1, user.surname2].filter(Boolean).join(" ").trim();
}

// Read on every authenticated request (server/http/auth.ts).
const userById = preparedRead((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, sql.placeholder("tenantId")), eq(users.id, sql.placeholder("id"))))
    .limit(1)
    .prepare("user_by_id"),
);

export async function findUserById(db: DbOrTx, tenantId: string, id: string): Promise<UserRow | null> {
  const [row] = await userById(db).execute({ tenantId, id });
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

/** Also revokes every token issued so far, like bumpSessionVersion. Returns the new session version. */
export async function updatePasswordHash(db: DbOrTx, tenantId: string, id: string, passwordHash: string): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? null;
}

/** Revokes every token issued to the user so far (they carry the old version). Returns the new version. */
export async function bumpSessionVersion(db: DbOrTx, tenantId: string, id: string): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? null;
}

export async function listUsersWithLogin(db: DbOrTx, tenantId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`${users.username} is not null`))
    .orderBy(asc(users.firstName), asc(users.surname1));
}
