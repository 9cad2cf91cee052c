import { and, asc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { ADMIN_ROLES, ROLE_INSTRUCTOR, ROLE_STUDENT } from "@/lib/session/roles";
import type { UserKind } from "@/lib/contract/backoffice-users";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import type { UserRow } from "../users/users.repository";
import { foldText } from "../cap/cap-sql";

export const ROLES_OF_KIND: Record<UserKind, string[]> = {
  student: [ROLE_STUDENT],
  instructor: [ROLE_INSTRUCTOR],
  administrator: ["ROLE_ADMINISTRADOR"],
};

const hasKind = (kind: UserKind): SQL =>
  kind === "administrator"
    ? sql`${users.roles} && ${sql.raw(`ARRAY[${ADMIN_ROLES.map((r) => `'${r}'`).join(",")}]::text[]`)}`
    : sql`${ROLES_OF_KIND[kind][0]} = any(${users.roles})`;

type ListFilter = { search?: string; kind?: UserKind; status: "active" | "inactive" | "all"; after?: { key: [string, string]; id: string }; limit: number };

// One page of the school's users by name (first name, first surname, id), after the cursor's row; index users_tenant_name_idx.
export async function searchUsers(db: DbOrTx, tenantId: string, f: ListFilter): Promise<UserRow[]> {
  const like = f.search ? `%${foldText(f.search).replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(users.tenantId, tenantId),
    f.kind ? hasKind(f.kind) : undefined,
    f.status === "all" ? undefined : eq(users.isActive, f.status === "active"),
    like
      ? or(
          // Name and DNI folded once per row (users.search_text, migration 0015): accents and case ignored.
          sql`"users"."search_text" like ${like}`,
          sql`lower(coalesce(${users.username}, '')) like ${like}`,
        )
      : undefined,
    f.after ? sql`(${users.firstName}, ${users.surname1}, ${users.id}) > (${f.after.key[0]}, ${f.after.key[1]}, ${f.after.id}::uuid)` : undefined,
  );
  return db.select().from(users).where(where).orderBy(asc(users.firstName), asc(users.surname1), asc(users.id)).limit(f.limit);
}

// Another user of the school already holding this username or DNI (case-insensitive), if any.
export async function findIdentityClash(
  db: DbOrTx,
  tenantId: string,
  values: { username: string | null; dni: string },
  exceptId?: string,
): Promise<{ field: "username" | "dni" } | null> {
  const [row] = await db
    .select({ username: users.username, dni: users.dni })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        exceptId ? ne(users.id, exceptId) : undefined,
        or(
          values.username ? sql`lower(${users.username}) = ${values.username.toLowerCase()}` : undefined,
          sql`upper(${users.dni}) = ${values.dni.toUpperCase()}`,
        ),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { field: values.username && row.username?.toLowerCase() === values.username.toLowerCase() ? "username" : "dni" };
}

export type UserValues = {
  firstName: string;
  surname1: string;
  surname2: string | null;
  dni: string;
  email: string | null;
  // undefined: left as it is (an edit that does not send it).
  phone?: string | null;
  username: string | null;
  roles: string[];
};

export async function insertUser(db: DbOrTx, tenantId: string, values: UserValues & { passwordHash: string | null }): Promise<UserRow> {
  const [row] = await db.insert(users).values({ tenantId, ...values }).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, tenantId: string, id: string, values: Partial<UserValues> & { isActive?: boolean; passwordHash?: string | null }): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning();
  return row ?? null;
}

export async function lockUser(db: DbOrTx, tenantId: string, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))).for("update").limit(1);
  return row ?? null;
}

// The ids of the school's active administrators, row-locked in id order (callers lock these before any other user row).
export async function lockActiveAdministrators(db: DbOrTx, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isActive, true), hasKind("administrator")))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((r) => r.id);
}
