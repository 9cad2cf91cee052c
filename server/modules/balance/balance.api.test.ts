import { balanceHistorySchema, balanceSchema } from "@/lib/contract/balance";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createBookingWorld, ledgerViolations, type BookingWorld } from "@/tests/fixtures/reservation-factories";

// PGlite starts in a few seconds, longer on a busy machine.
jest.setTimeout(60_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(() => ctx.close());

const balanceOf = async (token = w.studentToken) => (await ctx.call("/student/balance", { host: w.tenant.host, token })).json;

describe("GET /api/student/balance and /history", () => {
  it("answers the time balance and its movements", async () => {
    expect(balanceSchema.parse(await balanceOf())).toEqual({ balanceMode: "time", timeBalanceSeconds: 36000, moneyBalanceCents: null });
    const res = await ctx.call("/student/balance/history", { host: w.tenant.host, token: w.studentToken });
    expect(balanceHistorySchema.parse(res.json)).toEqual([
      expect.objectContaining({
        operation: "top-up",
        type: "time",
        description: "recarga_admin",
        secondsAmount: 36000,
        secondsAmountBefore: 0,
        secondsAmountAfter: 36000,
        moneyAmount: null,
        currency: "EUR",
        reservationId: null,
      }),
    ]);
  });

  it("answers zero for a student without a balance, in the school's mode", async () => {
    const money = await createBookingWorld(ctx.db, { balanceSeconds: 0, settings: { balance_mode: "money" } });
    const res = await ctx.call("/student/balance", { host: money.tenant.host, token: money.studentToken });
    expect(res.json).toEqual({ balanceMode: "money", timeBalanceSeconds: null, moneyBalanceCents: 0 });
    const history = await ctx.call("/student/balance/history", { host: money.tenant.host, token: money.studentToken });
    expect(history.json).toEqual([]);
  });

  it("is for students only", async () => {
    expect((await ctx.call("/student/balance", { host: w.tenant.host, token: w.instructorToken })).status).toBe(403);
    expect((await ctx.call("/student/balance/history", { host: w.tenant.host, token: w.instructorToken })).status).toBe(403);
  });
});

