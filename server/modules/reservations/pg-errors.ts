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
