import { z } from "zod";

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./constants/paging";

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, NEXT_CURSOR_HEADER, PAGE_COUNT_CAP, TOTAL_COUNT_HEADER } from "./constants/paging";

const INVALID_LIMIT = "El número de elementos por página no es válido";

// ?cursor=&limit=: a limit above MAX_PAGE_SIZE is capped, not refused (the answer still pages).
export const pageQuerySchema = z.object({
  cursor: z.string().max(512, "La posición de la lista no es válida").optional(),
  limit: z.coerce
    .number({ error: INVALID_LIMIT })
    .int(INVALID_LIMIT)
    .min(1, INVALID_LIMIT)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
