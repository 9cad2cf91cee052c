import { eq } from "drizzle-orm";
import { reservations } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createBookingWorld, ledgerViolations, localSlot, setSettings, type BookingWorld } from "@/tests/fixtures/reservation-factories";

// Issue 12 (high): one student request could freeze or crash every school. Bookings now have a horizon.
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

const book = (slots: { start: string; end: string }[]) =>
  ctx.call("/student/reservations", {
    method: "POST",
    host: w.tenant.host,
    token: w.studentToken,
    body: { instructorId: w.instructor.id, licenseId: w.license.id, slots },
  });
const count = async () => (await ctx.db.select().from(reservations).where(eq(reservations.tenantId, w.tenant.id))).length;
const yearsAhead = (years: number, hour = 10) => localSlot(Math.round(years * 365), hour);

describe("booking horizon", () => {
  it("refuses at once two slots 20 and 170 years apart, booking nothing", async () => {
    const started = Date.now();
    const res = await book([localSlot(2, 10), localSlot(200, 10)]);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: "VALIDATION_ERROR", message: "Solo se puede reservar con un máximo de 60 días de antelación" });
    // Beyond a year apart the contract refuses the request before any database work.
    const span = await book([localSlot(2, 10), yearsAhead(20)]);
    expect(span.json).toMatchObject({ error: "VALIDATION_ERROR", message: "Los horarios seleccionados no pueden estar a más de 365 días entre sí" });
    const far = await book([localSlot(2, 10), yearsAhead(170)]);
    expect(far.status).toBe(422);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await count()).toBe(0);
  });

  it("books inside the horizon and follows the school's own setting", async () => {
    expect((await book([localSlot(59, 10)])).status).toBe(201);
    await setSettings(ctx.db, w.tenant, { booking_horizon_days: "14" });
    const res = await book([localSlot(20, 10)]);
    expect(res.json.message).toBe("Solo se puede reservar con un máximo de 14 días de antelación");
    expect((await book([localSlot(13, 12)])).status).toBe(201);
  });

  it("checks slots far apart inside the horizon one by one (each against its own day)", async () => {
    const res = await book([localSlot(1, 9), localSlot(30, 11), localSlot(58, 15)]);
    expect(res.status).toBe(201);
    expect(res.json.reservations).toHaveLength(3);
  });

  it("offers no slot beyond the horizon in the booking calendar", async () => {
    await setSettings(ctx.db, w.tenant, { booking_horizon_days: "7" });
    const start = new Date(Date.now() + 5 * 86_400_000);
    const end = new Date(start.getTime() + 7 * 86_400_000);
    const res = await ctx.call(
      `/student/reservations/calendar?instructor=${w.instructor.id}&start=${start.toISOString()}&end=${end.toISOString()}`,
      { host: w.tenant.host, token: w.studentToken },
    );
    expect(res.status).toBe(200);
    const available = res.json.filter((e: { type: string }) => e.type === "available");
    expect(available.length).toBeGreaterThan(0);
    const limit = Date.now() + 7 * 86_400_000;
    expect(available.every((e: { start: string }) => Date.parse(e.start) <= limit)).toBe(true);
  });
});

describe("bad input never reaches the database as a 500", () => {
  it("answers 422 for a NUL character, a year 0000 and a 20,000-character username, changing nothing", async () => {
    const nul = await ctx.call("/student/reservations", {
      method: "POST",
      host: w.tenant.host,
      token: w.studentToken,
      body: { instructorId: w.instructor.id, licenseId: w.license.id, message: "a\u0000b", slots: [localSlot(2, 10)] },
    });
    expect(nul.status).toBe(422);
    expect(nul.json.error).toBe("VALIDATION_ERROR");
    const year0 = await book([{ start: "0000-01-03T10:00:00Z", end: "0000-01-03T11:00:00Z" }]);
    expect(year0.status).toBe(422);
    const huge = await ctx.call("/login", { method: "POST", host: w.tenant.host, body: { username: "x".repeat(20_000), password: "secreto123" } });
    expect(huge.status).toBe(422);
    const form = await ctx.call("/login", {
      method: "POST",
      host: w.tenant.host,
      rawBody: "username=a%00b&password=secreto123",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(422);
    expect(await count()).toBe(0);
  });
});
