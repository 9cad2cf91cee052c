import { and, eq, inArray, sql } from "drizzle-orm";
import { ADMIN_ROLES } from "@/lib/session/roles";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema/core";
import { displayName } from "../modules/users/users.repository";

// Who the emitters write to and the names they write.

const ADMIN = sql.raw(`ARRAY[${ADMIN_ROLES.map((r) => `'${r}'`).join(",")}]::text[]`);

/** The school's office: its active administrators. */
export async function listAdministratorIds(db: DbOrTx, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isActive, true), sql`${users.roles} && ${ADMIN}`));
  return rows.map((r) => r.id);
}

/** People's names as the app shows them, by id (an unknown id is missing from the map). */
export async function namesOf(db: DbOrTx, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, surname1: users.surname1, surname2: users.surname2 })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, displayName(r)]));
}
