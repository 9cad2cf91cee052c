import { configResponseSchema } from "@/lib/contract/config";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
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


describe("GET /api/config", () => {
  it("answers every setting with its default for any signed-in role", async () => {
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    for (const token of [w.studentToken, w.instructorToken, await tokenFor(admin, w.tenant)]) {
      const res = await ctx.call("/config", { host: w.tenant.host, token });
      expect(res.status).toBe(200);
      expect(configResponseSchema.parse(res.json)).toEqual({
        practice_duration_min: { value: "PT1H" },
        practice_duration_max: { value: "PT2H" },
        practice_duration_increments: { value: "PT30M" },
        reservation_mode: { value: "request" },
        hourly_price: { value: "3500" },
        reservation_cancel_deadline_hours: { value: "24" },
        stripe_charges_enabled: { value: "false" },
        balance_mode: { value: "time" },
        booking_horizon_days: { value: "60" },
        max_cancellations_per_day: { value: "5" },
        booking_min_notice_hours: { value: "12" },
        lesson_reminder_hours: { value: "24,2" },
        instructor_agenda_time: { value: "20:00" },
        notification_reply_to: { value: "" },
      });
    }
  });

  it("answers the tenant's own values and only them", async () => {
    const other = await createBookingWorld(ctx.db, { settings: { balance_mode: "money", hourly_price: "4000" } });
    const res = await ctx.call("/config", { host: other.tenant.host, token: other.studentToken });
    expect(res.json.balance_mode).toEqual({ value: "money" });
    expect(res.json.hourly_price).toEqual({ value: "4000" });
    expect((await ctx.call("/config", { host: w.tenant.host, token: w.studentToken })).json.balance_mode).toEqual({ value: "time" });
  });

  it("needs a session, and a token of another school is refused", async () => {
    expect((await ctx.call("/config", { host: w.tenant.host })).status).toBe(401);
    const other = await createBookingWorld(ctx.db);
    expect((await ctx.call("/config", { host: w.tenant.host, token: other.studentToken })).status).toBe(401);
  });
});

