import { z } from "zod";

// The API's error body (ARCHITECTURE.md): a stable code plus a safe message; some codes add fields.
export const apiErrorBodySchema = z
  .object({ error: z.string().optional(), message: z.string().optional() })
  .passthrough();
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const uuidSchema = z.string().uuid();
// Instants between 1900 and 2200: year 0000, negative or five-digit years are refused (PostgreSQL and JavaScript
// disagree on them, and no driving lesson needs them).
export const isoDateTimeSchema = z
  .string()
  .datetime({ offset: true })
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1900 && year <= 2200;
  }, "La fecha está fuera del rango admitido");

export const paginationSchema = z.object({
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;
