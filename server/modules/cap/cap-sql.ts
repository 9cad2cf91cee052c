import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ROLE_STUDENT } from "@/lib/session/roles";
import { users } from "../../db/schema/core";

// SQL pieces shared by the CAP repositories.

const ACCENTED = "áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ";
const PLAIN = "aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC";

/** Lower-cased, accents removed: the same folding as foldText, in SQL (PGlite has no unaccent). */
export function folded(expression: SQL | AnyPgColumn): SQL {
  return sql`lower(translate(${expression}, ${ACCENTED}, ${PLAIN}))`;
}

export function foldText(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/** CAP students are users with the student role. */
export const isStudent = sql`${users.roles} @> ARRAY[${ROLE_STUDENT}]::text[]`;

/** Every word of the search must appear in the name or the DNI (accent- and case-insensitive). */
export function matchesSearch(search: string | undefined): SQL | undefined {
  const words = foldText(search ?? "").split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const haystack = folded(sql`concat_ws(' ', ${users.firstName}, ${users.surname1}, ${users.surname2}, ${users.dni})`);
  return sql.join(
    words.map((w) => sql`position(${w} in ${haystack}) > 0`),
    sql` and `,
  );
}

export const studentNameOrder = [folded(users.firstName), folded(users.surname1), sql`${folded(users.surname2)} nulls first`, users.id];
