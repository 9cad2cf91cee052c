// SQLSTATE of a database error, looking through the driver's and Drizzle's wrappers.
export function pgErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const EXCLUSION_VIOLATION = "23P01";
export const RETRYABLE = new Set(["40001", "40P01"]); // serialization failure, deadlock

// Values the database cannot take (SQLSTATE class 22: bad encoding, NUL, out-of-range numbers and dates) or that
// exceed its limits (54: an index row too large): the client's input, not a server fault.
export function isBadInputError(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code !== null && (code.startsWith("22") || code.startsWith("54"));
}

// What may be logged of a database error: its SQLSTATE and the server's message, never the query's parameters
// (Drizzle's wrapper message carries them: DNIs, names, free text).
export function safeErrorSummary(error: unknown): { code: string | null; message: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && typeof candidate.message === "string") {
      return { code: candidate.code, message: candidate.message };
    }
    if (!candidate.cause) break;
    current = candidate.cause;
  }
  const first = error instanceof Error ? error.message.split("\n")[0]!.replace(/params:.*$/i, "") : String(error);
  return { code: null, message: first.startsWith("Failed query") ? "Failed query (parameters withheld)" : first };
}
