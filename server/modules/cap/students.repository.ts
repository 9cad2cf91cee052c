import { and, count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import { ROLE_STUDENT } from "@/lib/session/roles";
import { isStudent, matchesSearch, studentNameOrder } from "./cap-sql";

export type StudentRow = Pick<typeof users.$inferSelect, "id" | "firstName" | "surname1" | "surname2" | "dni" | "username"> & {
  hasBiometricReference: boolean;
};
export type StudentValues = { firstName: string; surname1: string; surname2: string | null; dni: string };

// Spelled out: Drizzle leaves single-table columns unqualified, which a correlated subquery would misread.
const hasReference = sql<boolean>`exists (select 1 from "biometric_references" br where br."student_id" = "users"."id")`;
const studentColumns = {
  id: users.id,
  firstName: users.firstName,
  surname1: users.surname1,
  surname2: users.surname2,
  dni: users.dni,
  username: users.username,
  hasBiometricReference: hasReference,
};

export async function searchStudents(
  db: DbOrTx,
  tenantId: string,
  query: { search?: string; page: number; limit: number },
): Promise<{ rows: StudentRow[]; total: number }> {
  const where = and(eq(users.tenantId, tenantId), isStudent, matchesSearch(query.search));
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select(studentColumns)
    .from(users)
    .where(where)
    .orderBy(...studentNameOrder)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total: Number(totalRow?.n ?? 0) };
}

export async function findStudent(db: DbOrTx, tenantId: string, id: string): Promise<StudentRow | null> {
  const [row] = await db
    .select(studentColumns)
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id), isStudent))
    .limit(1);
  return row ?? null;
}

/** CAP students are created without a login (no username, no password). */
export async function insertStudent(db: DbOrTx, tenantId: string, values: StudentValues): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ tenantId, ...values, username: null, passwordHash: null, roles: [ROLE_STUDENT] })
    .returning({ id: users.id });
  return row!.id;
}

export async function updateStudent(db: DbOrTx, tenantId: string, id: string, values: StudentValues): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id), isStudent));
}

export async function deleteStudent(db: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id), isStudent))
    .returning({ id: users.id });
  return rows.length > 0;
}
