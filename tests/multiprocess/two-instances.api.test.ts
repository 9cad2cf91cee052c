import { and, eq, inArray } from "drizzle-orm";
import { reservations } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { startApiProcess, type ApiProcess } from "@/tests/fixtures/api-process";
import { INTERNAL_SECRET_HEADER, TENANT_HOST_HEADER } from "@/lib/tenant/host";
import { createExam, registerBody } from "@/server/modules/exams/exam-fixtures";
import { examSlots } from "@/server/db/schema/exams";
import { addStudent, createBookingWorld, ledgerViolations, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import Stripe from "stripe";
import { setStripeApiTarget } from "@/server/payments/stripe-gateway";
import { balanceMovements } from "@/server/db/schema/reservations";
import { configureStripe, createProducts, HOUR } from "@/tests/fixtures/shop-factories";
import { startStripeStandIn, type StripeStandIn } from "@/tests/fixtures/stripe-stand-in";

// Two replicas of one tenant group on one PostgreSQL: the database, not a process, settles every race.
const url = process.env.DATABASE_URL;
const describePg = url ? describe : describe.skip;
// The replicas believe X-Tenant-Host only from the BFF, which proves itself with the shared secret.
const SECRET = "multiprocess-test-internal-secret-0123456789";
const internal = (host: string) => ({ [TENANT_HOST_HEADER]: host, [INTERNAL_SECRET_HEADER]: SECRET });

describePg("two API processes on one PostgreSQL", () => {
  let ctx: ApiContext;
  let w: BookingWorld;
  let replicas: ApiProcess[] = [];
  let stripe: StripeStandIn;

  beforeAll(async () => {
    [ctx, stripe] = await Promise.all([createApiContext(), startStripeStandIn()]);
    setStripeApiTarget({ host: stripe.host, port: stripe.port, protocol: stripe.protocol });
    w = await createBookingWorld(ctx.db);
    const stripeTarget = { STRIPE_API_HOST: stripe.host, STRIPE_API_PORT: String(stripe.port), STRIPE_API_PROTOCOL: stripe.protocol };
    replicas = await Promise.all([1, 2].map(() => startApiProcess({ DATABASE_URL: url!, INTERNAL_API_SECRET: SECRET, ...stripeTarget })));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await Promise.all([ctx?.close(), stripe?.close()]);
  });

  const post = (replica: ApiProcess, path: string, token: string, body: unknown) =>
    fetch(`${replica.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...internal(w.tenant.host) },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, json: await r.json() }));

  const book = (replica: ApiProcess, token: string, slot: { start: string; end: string }) =>
    fetch(`${replica.url}/student/reservations`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...internal(w.tenant.host) },
      body: JSON.stringify({ instructorId: w.instructor.id, licenseId: w.license.id, slots: [slot] }),
    }).then(async (r) => ({ status: r.status, json: await r.json() }));

  it("30 students booking one slot, split across both processes: exactly one booking, one debit", async () => {
    const students = await Promise.all(Array.from({ length: 30 }, () => addStudent(ctx.db, w)));
    const slot = localSlot(4, 11);
    const results = await Promise.all(students.map((s, i) => book(replicas[i % 2]!, s.token, slot)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.json.error === "SLOTS_UNAVAILABLE")).toHaveLength(29);
    const active = await ctx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.tenantId, w.tenant.id), inArray(reservations.status, ["requested", "confirmed"])));
    expect(active).toHaveLength(1);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it("20 students registering for an exam with 3 places, split across both processes: exactly 3 places taken", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 3 });
    const students = await Promise.all(Array.from({ length: 20 }, () => addStudent(ctx.db, w)));
    const results = await Promise.all(students.map((s, i) => post(replicas[i % 2]!, "/student/exam-attendance", s.token, registerBody(f))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.json.error === "NO_PLACES_AVAILABLE")).toHaveLength(17);
    const [slot] = await ctx.db.select().from(examSlots).where(eq(examSlots.id, f.slotId));
    expect(slot!.registeredCount).toBe(3);
  });

  it("Stripe's webhook for one payment delivered 10 times at once, split across both processes: credited once", async () => {
    const student = await addStudent(ctx.db, w, 0);
    const p = await createProducts(ctx.db, w.tenant);
    const keys = await configureStripe(ctx.db, w.tenant);
    const call = (path: string, body: unknown) => ctx.call(path, { host: w.tenant.host, token: student.token, method: "POST", body });
    const orderId = (await call("/shop/order", { items: [{ productId: p.fiveHours.id, quantity: 1 }] })).json.id;
    const { clientSecret } = (await call("/shop/order/payment", { orderId })).json;
    const intent = [...stripe.intents.values()].find((i) => i.client_secret === clientSecret)!;
    const payload = JSON.stringify(stripe.event("payment_intent.succeeded", stripe.setStatus(intent.id, "succeeded")));
    const signature = new Stripe("sk_test_signer").webhooks.generateTestHeaderString({ payload, secret: keys.webhookSecret });
    const deliveries = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${replicas[i % 2]!.url}/shop/stripe/webhook`, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature, ...internal(w.tenant.host) },
          body: payload,
        }).then((r) => r.status),
      ),
    );
    expect(deliveries.every((status) => status === 200)).toBe(true);
    const credits = await ctx.db
      .select()
      .from(balanceMovements)
      .where(and(eq(balanceMovements.tenantId, w.tenant.id), eq(balanceMovements.studentId, student.student.id), eq(balanceMovements.operation, "top-up")));
    expect(credits).toHaveLength(1);
    expect(credits[0]!.amount).toBe(5 * HOUR);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
