import { isBadInputError, safeErrorSummary } from "./pg-errors";

// Drizzle wraps the driver's error in one whose message carries the query and its parameters.
const wrapped = (code: string, message: string) =>
  Object.assign(new Error(`Failed query: insert into "users" ("dni") values ($1)\nparams: 12345678Z`), {
    cause: Object.assign(new Error(message), { code }),
  });

describe("database errors", () => {
  it("treats data exceptions and limits as bad input, not server faults", () => {
    expect(isBadInputError(wrapped("22P05", "unsupported Unicode escape sequence"))).toBe(true);
    expect(isBadInputError(wrapped("22008", "date/time field value out of range"))).toBe(true);
    expect(isBadInputError(wrapped("54000", "index row size exceeds maximum"))).toBe(true);
    expect(isBadInputError(wrapped("23505", "duplicate key"))).toBe(false);
    expect(isBadInputError(new Error("boom"))).toBe(false);
  });

  it("summarises an error for the log without the query's parameters", () => {
    const summary = safeErrorSummary(wrapped("22021", "invalid byte sequence for encoding"));
    expect(summary).toEqual({ code: "22021", message: "invalid byte sequence for encoding" });
    expect(JSON.stringify(safeErrorSummary(new Error("Failed query: select $1\nparams: 12345678Z")))).not.toContain("12345678Z");
  });
});
