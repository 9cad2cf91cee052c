import { aliasedTable, and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import { balanceMovements } from "../../db/schema/reservations";
import { balanceAdjustments } from "../../db/schema/shop";
import { ROLE_STUDENT } from "@/lib/session/roles";

export type StudentRow = typeof users.$inferSelect;

const isStudent = sql`${ROLE_STUDENT} = any(${users.roles})`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
// Accent- and case-insensitive matching, the same on both sides ('marti' finds 'Martín').
const fold = (value: SQL) => sql`translate(lower(coalesce(${value}, '')), 'áàäâéèëêíìïîóòöôúùüûñç', 'aaaaeeeeiiiioooouuuunc')`;
const foldTerm = (s: string) => s.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");

// The school's students by name, DNI or user name; at most `limit`, sorted by name.
export async function searchStudents(db: DbOrTx, tenantId: string, search: string | undefined, limit: number): Promise<StudentRow[]> {
  const term = search ? `%${escapeLike(foldTerm(search))}%` : null;
  const fullName = sql`concat_ws(' ', ${users.firstName}, ${users.surname1}, ${users.surname2})`;
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        isStudent,
        term ? or(...[fullName, sql`${users.dni}`, sql`${users.username}`].map((v) => sql`${fold(v)} like ${term}`)) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.surname1), asc(users.id))
    .limit(limit);
}

export async function findStudent(db: DbOrTx, tenantId: string, id: string): Promise<StudentRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id), isStudent)).limit(1);
  return row ?? null;
}

export async function insertAdjustment(db: DbOrTx, adjustment: typeof balanceAdjustments.$inferInsert): Promise<void> {
  await db.insert(balanceAdjustments).values(adjustment);
}

const actor = aliasedTable(users, "adjustment_actor");

// The student's movements, newest first, with the reason and author of the office's adjustments.
export async function listMovementsWithReasons(db: DbOrTx, tenantId: string, studentId: string) {
  return db
    .select({
      movement: balanceMovements,
      reason: balanceAdjustments.reason,
      actor: { firstName: actor.firstName, surname1: actor.surname1, surname2: actor.surname2 },
    })
    .from(balanceMovements)
    .leftJoin(balanceAdjustments, and(eq(balanceAdjustments.movementId, balanceMovements.id), eq(balanceAdjustments.tenantId, tenantId)))
    .leftJoin(actor, eq(actor.id, balanceAdjustments.createdBy))
    .where(and(eq(balanceMovements.tenantId, tenantId), eq(balanceMovements.studentId, studentId)))
    .orderBy(desc(balanceMovements.seq));
}
