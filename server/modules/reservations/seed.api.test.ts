import { seedCore } from "@/server/demo/core";
import { seedReservations } from "@/server/demo/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { demoToken, describeOnFreshDatabase } from "@/tests/fixtures/demo-seed";
import { ledgerViolations } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(120_000);


let ctx: ApiContext;
beforeAll(async () => {
  ctx = await createApiContext();
});
afterAll(() => ctx.close());

describeOnFreshDatabase("demo data of reservations", () => {
  it("gives alumno 10 h, two assignments and every status, with a consistent ledger", async () => {
    const core = await seedCore(ctx.db);
    await seedReservations(ctx.db, core, new Date());
    const demo = { tenantId: core.demo.tenantId, slug: "demo" };
    const alumno = await demoToken(ctx.db, demo, "alumno");
    const call = (path: string, t: string, host = "localhost") => ctx.call(path, { host, token: t }).then((r) => r.json);

    expect(await call("/student/balance", alumno)).toEqual({ balanceMode: "time", timeBalanceSeconds: 36000, moneyBalanceCents: null });
    const assignments = await call("/student/instructor-assignments", alumno);
    expect(assignments.map((a: { instructor: { firstName: string }; license: { name: string } }) => `${a.instructor.firstName} ${a.license.name}`).sort()).toEqual(["Carlos B", "Marta A2"]);
    const list = await call("/student/reservations", alumno);
    expect(new Set(list.map((r: { status: string }) => r.status))).toEqual(new Set(["requested", "confirmed", "denied", "anulled", "cancelled"]));
    expect(list.some((r: { hasCancellationRequest: boolean }) => r.hasCancellationRequest)).toBe(true);
    expect(list.some((r: { canCancel: boolean }) => r.canCancel)).toBe(true);
    expect(list.some((r: { canRequestCancellation: boolean }) => r.canRequestCancellation)).toBe(true);
    expect(list.some((r: { end: string }) => Date.parse(r.end) < Date.now())).toBe(true);
    // Card charging follows the school's Stripe keys (payment_settings): none in these demo data.
    expect((await call("/config", alumno)).stripe_charges_enabled).toEqual({ value: "false" });

    const norte = await demoToken(ctx.db, { tenantId: core.norte.tenantId, slug: "norte" }, "norte.alumno");
    expect(await call("/student/balance", norte, "norte.localhost")).toEqual({ balanceMode: "money", timeBalanceSeconds: null, moneyBalanceCents: 11500 });
    // Autoescuela Sur: four hours bought at the desk, a booking instructor, and never card top-up.
    const sur = await demoToken(ctx.db, { tenantId: core.sur.tenantId, slug: "sur" }, "sur.alumno");
    expect(await call("/student/balance", sur, "sur.localhost")).toEqual({ balanceMode: "time", timeBalanceSeconds: 14400, moneyBalanceCents: null });
    expect((await call("/student/instructor-assignments", sur, "sur.localhost")).map((a: { instructor: { firstName: string } }) => a.instructor.firstName)).toEqual(["Raúl"]);
    const alumno2 = await demoToken(ctx.db, demo, "alumno2");
    expect((await call("/student/balance", alumno2)).timeBalanceSeconds).toBe(36000);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
