import { balanceHistorySchema, type BalanceMovement } from "@/lib/contract/balance";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { addStudent, createBookingWorld, HOUR, topUp, type BookingWorld } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(120_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createBookingWorld(ctx.db);
  // 1 movement from the world, then 11 more: 12 in all, amounts 1..11 min after the first.
  for (let i = 1; i <= 11; i++) await topUp(ctx.db, w.tenant, w.student, i * 60);
});
afterAll(() => ctx.close());

const history = (query = "", token = w.studentToken, host = w.tenant.host) => ctx.call(`/student/balance/history${query}`, { host, token });

async function readAll(limit: number, between?: () => Promise<void>): Promise<BalanceMovement[]> {
  const seen: BalanceMovement[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const res = await history(`?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status).toBe(200);
    seen.push(...balanceHistorySchema.parse(res.json));
    cursor = res.headers.get("x-next-cursor");
    if (!cursor) return seen;
    await between?.();
  }
  throw new Error("paging never ended");
}

describe("GET /api/student/balance/history, a page at a time", () => {
  it("answers the first 50 by default, newest first, with the next position in X-Next-Cursor only when there is more", async () => {
    const res = await history();
    expect(res.json).toHaveLength(12);
    expect(res.headers.get("x-next-cursor")).toBeNull();
    expect(res.json[0].secondsAmount).toBe(11 * 60);
    expect(res.json[11].secondsAmount).toBe(10 * HOUR);
  });

  it("walks every movement once, in order, across pages", async () => {
    const all = await readAll(5);
    expect(all.map((m) => m.secondsAmount)).toEqual([...Array.from({ length: 11 }, (_, i) => (11 - i) * 60), 10 * HOUR]);
  });

  it("neither repeats nor skips a movement while new ones are written between pages", async () => {
    const before = (await history("?limit=100")).json as BalanceMovement[];
    const all = await readAll(3, () => topUp(ctx.db, w.tenant, w.student, 7));
    // The walk started before the new ones: it holds exactly the movements that existed then, each once.
    expect(all.map((m) => m.id)).toEqual(before.map((m) => m.id));
  });

  it("caps the limit at 100", async () => {
    for (let i = 0; i < 95; i++) await topUp(ctx.db, w.tenant, w.student, 1);
    const res = await history("?limit=5000");
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(100);
    expect(res.headers.get("x-next-cursor")).toBeTruthy();
  });

  it.each([["?limit=0"], ["?limit=abc"], ["?limit=2.5"], ["?cursor=%%%"], ["?cursor=bm9wZQ"], [`?cursor=${"A".repeat(600)}`]])(
    "refuses %s with 422 VALIDATION_ERROR and a Spanish message",
    async (query) => {
      const res = await history(query);
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ error: "VALIDATION_ERROR", message: expect.stringMatching(/no es válid/) });
    },
  );

  it("a cursor taken from another student or school names only a position: the answer holds the caller's own rows", async () => {
    const mine = new Set(((await history("?limit=100")).json as BalanceMovement[]).map((m) => m.id));
    const cursor = (await history("?limit=2")).headers.get("x-next-cursor")!;
    const other = await addStudent(ctx.db, w, HOUR);
    const elsewhere = await createBookingWorld(ctx.db, { balanceSeconds: 2 * HOUR });
    for (const [token, host] of [[other.token, w.tenant.host], [elsewhere.studentToken, elsewhere.tenant.host]] as const) {
      const res = await history(`?cursor=${cursor}`, token, host);
      expect(res.status).toBe(200);
      expect((res.json as BalanceMovement[]).filter((m) => mine.has(m.id))).toEqual([]);
      // Without the cursor they see their own one movement; the borrowed position adds nothing of the first student's.
      expect((await history("", token, host)).json).toHaveLength(1);
    }
  });
});
