import { z } from "zod";
import type { Context } from "hono";
import { isoDateTimeSchema, uuidSchema } from "@/lib/contract/common";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "@/lib/contract/constants/paging";
import { AppError } from "./errors";

// A page's position: the last row's stable sort key plus its id, tagged with the list it belongs to. It is opaque to
// clients (base64url of a small JSON array) but not secret: every list is still filtered by the caller's tenant and
// user, so a cursor copied from another student or school only names a position in the caller's own rows.
export type CursorKind = string;

export const invalidCursor = () => new AppError("VALIDATION_ERROR", "La posición de la lista no es válida", 422, {
  issues: [{ path: "cursor", message: "La posición de la lista no es válida" }],
});

export function encodeCursor(kind: CursorKind, key: unknown, id: string | number): string {
  return Buffer.from(JSON.stringify([kind, key, id]), "utf8").toString("base64url");
}

// Long enough for a key of three folded names of up to 100 characters each (the office's people lists).
const MAX_CURSOR_LENGTH = 2048;
const BASE64URL = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_CURSOR_LENGTH}}$`);

/** A cursor of list `kind`: its sort key checked by `keySchema`, its id by `idSchema` (a uuid unless said). */
export function decodeCursor<K extends z.ZodType, I extends z.ZodType = typeof uuidSchema>(
  kind: CursorKind,
  value: string,
  keySchema: K,
  idSchema?: I,
): { key: z.infer<K>; id: z.infer<I> } {
  if (!BASE64URL.test(value)) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  const shape = z.tuple([z.literal(kind), keySchema, idSchema ?? uuidSchema]).safeParse(parsed);
  // A NUL can never be compared with a stored text (PostgreSQL refuses it): the same answer as any other junk.
  if (!shape.success || JSON.stringify(shape.data).includes("\\u0000")) throw invalidCursor();
  return { key: shape.data[1] as z.infer<K>, id: shape.data[2] as z.infer<I> };
}

/** A key of `n` texts (names), each as long as a stored name can be. */
export const textKey = (n: number) => z.array(z.string().max(300)).length(n);

// Sort key: an instant (reservations, practices, exams).
export function decodeInstantCursor(kind: CursorKind, value: string): { at: Date; id: string } {
  const { key, id } = decodeCursor(kind, value, isoDateTimeSchema);
  return { at: new Date(key), id };
}

// Sort key: a positive integer sequence (the ledger's seq).
export function decodeSeqCursor(kind: CursorKind, value: string): { seq: number; id: string } {
  const { key, id } = decodeCursor(kind, value, z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
  return { seq: key, id };
}

export const instantCursor = (kind: CursorKind, at: Date, id: string) => encodeCursor(kind, at.toISOString(), id);

// Reads limit + 1 rows: the extra one only says whether a next page exists.
export function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => string): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

export type Page<T> = { items: T[]; nextCursor: string | null; total?: number };

// The list in its own shape; the next position (and a capped count, when the list has one) in headers.
export function sendPage<T>(c: Context, page: { items: T; nextCursor: string | null; total?: number }) {
  if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
  if (page.total !== undefined) c.header(TOTAL_COUNT_HEADER, String(page.total));
  return c.json(page.items as never);
}
