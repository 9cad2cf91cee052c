import type { z } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field of a failed parse. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
