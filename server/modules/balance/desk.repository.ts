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

// A page of the school's students by name, DNI or user name, sorted by name (first name, first surname, id), after
// the cursor's row (index users_tenant_name_idx).
export async function searchStudents(
  db: DbOrTx,
  tenantId: string,
  f: { search?: string; after?: { key: [string, string]; id: string }; limit: number },
): Promise<StudentRow[]> {
  const term = f.search ? `%${escapeLike(foldTerm(f.search))}%` : null;
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        isStudent,
        // Name and DNI through the folded column (migration 0015); user names are plain ASCII.
        term ? or(sql`"users"."search_text" like ${term}`, sql`${fold(sql`${users.username}`)} like ${term}`) : undefined,
        f.after ? sql`(${users.firstName}, ${users.surname1}, ${users.id}) > (${f.after.key[0]}, ${f.after.key[1]}, ${f.after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.surname1), asc(users.id))
    .limit(f.limit);
}

export async function findStudent(db: DbOrTx, tenantId: string, id: string): Promise<StudentRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id), isStudent)).limit(1);
  return row ?? null;
}

export async function insertAdjustment(db: DbOrTx, adjustment: typeof balanceAdjustments.$inferInsert): Promise<void> {
  await db.insert(balanceAdjustments).values(adjustment);
}

const actor = aliasedTable(users, "adjustment_actor");

// The student's latest movements (at most DESK_MOVEMENTS_LIMIT), newest first, with the reason and author of the
// office's adjustments. The whole history is the student's own paged one (/student/balance/history).
export const DESK_MOVEMENTS_LIMIT = 100;
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
    .orderBy(desc(balanceMovements.seq))
    .limit(DESK_MOVEMENTS_LIMIT);
}
