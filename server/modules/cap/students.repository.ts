import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import { ROLE_STUDENT } from "@/lib/session/roles";
import { foldText, isStudent } from "./cap-sql";

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

// The list's order: folded names (accents and case ignored), a missing second surname first, then the id. Spelled with
// literal constants (no bound parameters) so PostgreSQL matches it to the expression index cap_students_name_idx
// (migration 0015), which also carries the student-role predicate.
const ACCENTED = "áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ";
const PLAIN = "aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC";
const foldedColumn = (column: string) => sql.raw(`lower(translate("users"."${column}", '${ACCENTED}', '${PLAIN}'))`);
const nameKey = [foldedColumn("first_name"), foldedColumn("surname1"), sql`coalesce(${foldedColumn("surname2")}, '')`] as const;
const isStudentLiteral = sql.raw(`"users"."roles" @> ARRAY['${ROLE_STUDENT}']::text[]`);

/** Every word of the search in the name or the DNI, accents and case ignored (users.search_text, migration 0015). */
function matchesSearch(search: string | undefined): SQL | undefined {
  const words = foldText(search ?? "").split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((w) => sql`position(${w} in "users"."search_text") > 0`),
    sql` and `,
  );
}

export type StudentPageRow = StudentRow & { sortKey: [string, string, string] };

export async function searchStudents(
  db: DbOrTx,
  tenantId: string,
  query: { search?: string; page: number; limit: number; after?: { key: string[]; id: string } },
): Promise<{ rows: StudentPageRow[]; total: number }> {
  const where = and(eq(users.tenantId, tenantId), isStudentLiteral, matchesSearch(query.search));
  const after = query.after
    ? sql`(${nameKey[0]}, ${nameKey[1]}, ${nameKey[2]}, ${users.id}) > (${query.after.key[0]}, ${query.after.key[1]}, ${query.after.key[2]}, ${query.after.id}::uuid)`
    : undefined;
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(where),
    db
      .select({ ...studentColumns, k1: sql<string>`${nameKey[0]}`, k2: sql<string>`${nameKey[1]}`, k3: sql<string>`${nameKey[2]}` })
      .from(users)
      .where(and(where, after))
      .orderBy(nameKey[0], nameKey[1], nameKey[2], users.id)
      .limit(query.limit + 1)
      .offset(query.after ? 0 : (query.page - 1) * query.limit),
  ]);
  return {
    rows: rows.map(({ k1, k2, k3, ...row }) => ({ ...row, sortKey: [k1, k2, k3] })),
    total: Number(totalRow?.n ?? 0),
  };
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
