import { eq } from "drizzle-orm";
import { reservations } from "@/server/db/schema/reservations";
import { configResponseSchema } from "@/lib/contract/config";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
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
    const res = await book([localSlot(2, 10), localSlot(200, 10)]);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: "VALIDATION_ERROR", message: "Solo se puede reservar con un máximo de 60 días de antelación" });
    // Beyond a year apart the contract refuses the request before any database work.
    const span = await book([localSlot(2, 10), yearsAhead(20)]);
    expect(span.json).toMatchObject({ error: "VALIDATION_ERROR", message: "Los horarios seleccionados no pueden estar a más de 365 días entre sí" });
    // Refused by the contract before any database work, so it answers like any small request: a bound a loaded
    // machine keeps (three requests under 2 s was missed once, 2.3 s, with the journeys running beside), and far below
    // what working through every day of 170 years would take.
    const started = Date.now();
    const far = await book([localSlot(2, 10), yearsAhead(170)]);
    expect(far.status).toBe(422);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await count()).toBe(0);
  });

  it("books inside the horizon and follows the school's own setting", async () => {
    expect((await book([localSlot(59, 10)])).status).toBe(201);
    await setSettings(ctx.db, w.tenant, { booking_horizon_days: "14" });
    const res = await book([localSlot(20, 10)]);
    expect(res.json.message).toBe("Solo se puede reservar con un máximo de 14 días de antelación");
    expect((await book([localSlot(13, 12)])).status).toBe(201);
    // One day reads in the singular.
    await setSettings(ctx.db, w.tenant, { booking_horizon_days: "1" });
    expect((await book([localSlot(3, 10)])).json.message).toBe("Solo se puede reservar con un máximo de 1 día de antelación");
  });

  it("checks slots far apart inside the horizon one by one (each against its own day)", async () => {
    const res = await book([localSlot(2, 9), localSlot(30, 11), localSlot(58, 15)]);
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

// Issue "Phone first": a student booked 08:00 at 04:17 the same morning, a lesson that could then never be cancelled.
describe("minimum notice ('Antelación mínima para reservar')", () => {
  const HOUR_MS = 3_600_000;
  const calendar = async (days: number) => {
    const res = await ctx.call(
      `/student/reservations/calendar?${new URLSearchParams({ instructor: w.instructor.id, start: new Date().toISOString(), end: localSlot(days, 0).start })}`,
      { host: w.tenant.host, token: w.studentToken },
    );
    expect(res.status).toBe(200);
    return (res.json as { type: string; start: string }[]).filter((e) => e.type === "available").map((e) => Date.parse(e.start));
  };
  const balance = async () => (await ctx.call("/student/balance", { host: w.tenant.host, token: w.studentToken })).json.timeBalanceSeconds;

  it("refuses a slot inside the notice with INSIDE_MINIMUM_NOTICE, naming it and booking nothing", async () => {
    await setSettings(ctx.db, w.tenant, { booking_min_notice_hours: "48" });
    // Tomorrow at 10:00 is always less than 48 hours away; in four days it never is.
    const soon = localSlot(1, 10);
    const res = await book([soon, localSlot(4, 10)]);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      error: "INSIDE_MINIMUM_NOTICE",
      message: "Las prácticas deben reservarse con al menos 48 horas de antelación",
      minNoticeHours: 48,
      unavailable_slots: [soon],
    });
    expect(await count()).toBe(0);
    expect(await balance()).toBe(10 * 3600);
    expect((await book([localSlot(4, 10)])).status).toBe(201);
  });

  it("uses 12 hours by default and says '1 hora' for one", async () => {
    expect((await ctx.call("/config", { host: w.tenant.host, token: w.studentToken })).json.booking_min_notice_hours).toEqual({ value: "12" });
    const offered = await calendar(3);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((t) => t >= Date.now() + 12 * HOUR_MS - 60_000)).toBe(true);
    await setSettings(ctx.db, w.tenant, { booking_min_notice_hours: "1" });
    const next = (await calendar(3))[0]!;
    const tooSoon = await book([{ start: new Date(next - HOUR_MS).toISOString(), end: new Date(next).toISOString() }]);
    // The hour before the first slot offered is inside the notice, unless the instructor's hours were what held it back.
    if (next - HOUR_MS < Date.now() + HOUR_MS) {
      expect(tooSoon.json).toMatchObject({ error: "INSIDE_MINIMUM_NOTICE", message: "Las prácticas deben reservarse con al menos 1 hora de antelación" });
    } else {
      expect(tooSoon.status).toBe(409);
    }
  });

  it("offers in the booking calendar no slot inside the notice, and with none again every future slot", async () => {
    await setSettings(ctx.db, w.tenant, { booking_min_notice_hours: "48" });
    const later = await calendar(5);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((t) => t >= Date.now() + 48 * HOUR_MS - 60_000)).toBe(true);
    await setSettings(ctx.db, w.tenant, { booking_min_notice_hours: "0" });
    const all = await calendar(5);
    // Tomorrow's 08:00–19:00 (always within 48 hours) are back.
    expect(all.filter((t) => t < Date.now() + 48 * HOUR_MS).length).toBeGreaterThanOrEqual(12);
    expect(all.every((t) => t > Date.now() - 60_000)).toBe(true);
  });

  it("is a setting of the office from 0 to 168 hours, validated and audited like the others", async () => {
    const admin = await tokenFor(await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), w.tenant);
    const put = (value: unknown, token = admin) =>
      ctx.call("/administrator/settings", { method: "PUT", host: w.tenant.host, token, body: { booking_min_notice_hours: value } });
    for (const bad of ["169", "-1", "1.5", "doce", ""]) {
      const res = await put(bad);
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({
        error: "VALIDATION_ERROR",
        message: "La antelación mínima para reservar (horas) debe ser un número entero entre 0 y 168",
        issues: [{ path: "booking_min_notice_hours" }],
      });
    }
    expect((await put(24)).status).toBe(422);
    expect((await put("24", w.studentToken)).status).toBe(403);
    const ok = await put(" 168 ");
    expect(ok.status).toBe(200);
    expect(configResponseSchema.parse(ok.json).booking_min_notice_hours).toEqual({ value: "168" });
    expect((await put("0")).json.booking_min_notice_hours).toEqual({ value: "0" });
    expect((await ctx.call("/config", { host: w.tenant.host, token: w.studentToken })).json.booking_min_notice_hours).toEqual({ value: "0" });
    // Another school keeps its default.
    const other = await createBookingWorld(ctx.db);
    expect((await ctx.call("/config", { host: other.tenant.host, token: other.studentToken })).json.booking_min_notice_hours).toEqual({ value: "12" });
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
