import { z } from "zod";

// The API's error body (ARCHITECTURE.md): a stable code plus a safe message; some codes add fields.
export const apiErrorBodySchema = z
  .object({ error: z.string().optional(), message: z.string().optional() })
  .passthrough();
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const uuidSchema = z.string().uuid();
export const isoDateTimeSchema = z.string().datetime({ offset: true });

export const paginationSchema = z.object({
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;
