import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "./errors";

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function toAppError(error: z.ZodError, input: unknown): AppError {
  const issues = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const isMissing = error.issues.some(
    (i) => i.code === "invalid_type" && (valueAt(input, i.path) === undefined || valueAt(input, i.path) === null),
  );
  if (isMissing) {
    return new AppError("MISSING_REQUIRED_FIELDS", "Faltan campos requeridos", 400, { issues });
  }
  return new AppError("VALIDATION_ERROR", error.issues[0]?.message ?? "Los datos enviados no son válidos", 422, { issues });
}

// A NUL character or a lone UTF-16 surrogate can never be stored as text (PostgreSQL refuses NUL, and UTF-8 has no
// encoding for half a surrogate pair) and has no business in any field: refused everywhere, before any schema, with
// the same answer.
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasInvalidText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return INVALID_TEXT.test(value);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([key, v]) => INVALID_TEXT.test(key) || hasInvalidText(v, depth + 1));
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (hasInvalidText(input)) throw new AppError("VALIDATION_ERROR", "Los datos contienen caracteres no válidos", 422);
  const result = schema.safeParse(input);
  if (!result.success) throw toAppError(result.error, input);
  return result.data;
}

const MAX_JSON_BYTES = 12 * 1024 * 1024;

// Reads a JSON body (or a urlencoded form, which some spec calls use) and validates it with a contract schema.
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header("content-type") ?? "";
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "La petición es demasiado grande");
  let data: unknown;
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    data = Object.fromEntries((await c.req.formData().catch(() => { throw new AppError("INVALID_JSON", "Los datos enviados no son válidos"); })).entries());
  } else {
    const text = await c.req.text();
    if (text.length > MAX_JSON_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "La petición es demasiado grande");
    try {
      data = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      throw new AppError("INVALID_JSON", "Los datos enviados no son válidos");
    }
  }
  return parseWith(schema, data);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}

export function readParam<S extends z.ZodType>(c: Context, name: string, schema: S, notFoundMessage = "Recurso no encontrado"): z.infer<S> {
  const result = schema.safeParse(c.req.param(name));
  if (!result.success || hasInvalidText(result.data)) throw new AppError("NOT_FOUND", notFoundMessage);
  return result.data;
}
