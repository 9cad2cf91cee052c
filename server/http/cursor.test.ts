import { decodeInstantCursor, decodeSeqCursor, encodeCursor, instantCursor, pageOf } from "./cursor";

const ID = "0b6f3a52-8c6e-4f1e-9a59-2f0d6f1d7c11";

describe("list cursors", () => {
  it("round-trips an instant and a sequence position", () => {
    const at = new Date("2026-03-29T01:30:00.000Z");
    expect(decodeInstantCursor("res:past", instantCursor("res:past", at, ID))).toEqual({ at, id: ID });
    expect(decodeSeqCursor("ledger", encodeCursor("ledger", 123456789, ID))).toEqual({ seq: 123456789, id: ID });
  });

  it("is URL-safe", () => {
    expect(instantCursor("res:past", new Date(), ID)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ["not base64url", "abc$%"],
    ["not JSON", Buffer.from("nope").toString("base64url")],
    ["another list's cursor", encodeCursor("res:upcoming", "2026-01-01T00:00:00.000Z", ID)],
    ["a bad id", encodeCursor("res:past", "2026-01-01T00:00:00.000Z", "1; drop table")],
    ["a bad instant", encodeCursor("res:past", "yesterday", ID)],
    ["an object", Buffer.from(JSON.stringify({ kind: "res:past" })).toString("base64url")],
    ["too long", "a".repeat(3000)],
    ["empty", ""],
  ])("refuses %s with a 422 VALIDATION_ERROR", (_label, value) => {
    expect(() => decodeInstantCursor("res:past", value)).toThrow(expect.objectContaining({ code: "VALIDATION_ERROR", status: 422 }));
  });

  it("refuses a sequence that is not a positive safe integer", () => {
    for (const key of [0, -1, 1.5, "12", 2 ** 60]) {
      expect(() => decodeSeqCursor("ledger", encodeCursor("ledger", key as number, ID))).toThrow(expect.objectContaining({ status: 422 }));
    }
  });

  it("pages limit + 1 rows: the cursor of the last kept row, none on the last page", () => {
    const rows = [1, 2, 3];
    expect(pageOf(rows, 2, (n) => `c${n}`)).toEqual({ items: [1, 2], nextCursor: "c2" });
    expect(pageOf(rows, 3, (n) => `c${n}`)).toEqual({ items: [1, 2, 3], nextCursor: null });
  });
});
