import { z } from "zod";

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./constants/paging";

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, NEXT_CURSOR_HEADER, PAGE_COUNT_CAP, TOTAL_COUNT_HEADER } from "./constants/paging";

const INVALID_LIMIT = "El número de elementos por página no es válido";
export const INVALID_CURSOR = "La posición de la lista no es válida";

// One rule for every paged list: a limit above MAX_PAGE_SIZE is capped, not refused (the answer still pages); zero,
// a negative or a fraction is refused (422).
export const pageLimitSchema = (fallback: number = DEFAULT_PAGE_SIZE) =>
  z.coerce
    .number({ error: INVALID_LIMIT })
    .int(INVALID_LIMIT)
    .min(1, INVALID_LIMIT)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .default(fallback);

// Opaque; long enough for a key of three names (server/http/cursor.ts checks what it holds).
export const pageCursorSchema = z.string().max(2048, INVALID_CURSOR).optional();

// ?cursor=&limit=
export const pageQuerySchema = z.object({ cursor: pageCursorSchema, limit: pageLimitSchema() });
export type PageQuery = z.infer<typeof pageQuerySchema>;
