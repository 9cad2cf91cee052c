import { and, eq } from "drizzle-orm";
import { auditPageSchema } from "@/lib/contract/backoffice";
import { auditLog } from "@/server/db/schema/core";
import { orders } from "@/server/db/schema/shop";
import { setStripeApiTarget } from "@/server/payments/stripe-gateway";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { addStudent, createBookingWorld, ledgerViolations, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { backdateOrder, configureStripe, countRows, createProducts } from "@/tests/fixtures/shop-factories";
import { startStripeStandIn, type StripeStandIn } from "@/tests/fixtures/stripe-stand-in";
import { MAX_OPEN_ORDERS } from "./shop.service";

jest.setTimeout(60_000);

// Security issue: one student made 40 orders and 40 PaymentIntents in 5.6 s. The same cart now reuses the open order
// (and so its PaymentIntent), open orders are capped per student, and an administrator acting as the student is named.
let ctx: ApiContext;
let stripe: StripeStandIn;
let w: BookingWorld;
let p: Awaited<ReturnType<typeof createProducts>>;

beforeAll(async () => {
  [ctx, stripe] = await Promise.all([createApiContext(), startStripeStandIn()]);
  setStripeApiTarget({ host: stripe.host, port: stripe.port, protocol: stripe.protocol });
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
  p = await createProducts(ctx.db, w.tenant);
  await configureStripe(ctx.db, w.tenant);
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), stripe.close()]);
});

const as = (token: string, path: string, method = "GET", body?: unknown, host = w.tenant.host) => ctx.call(path, { host, token, method, body });
const order = (items: { productId: string; quantity: number }[], token = w.studentToken) => as(token, "/shop/order", "POST", { items });
const pay = (orderId: string, token = w.studentToken) => as(token, "/shop/order/payment", "POST", { orderId });
const created = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents").length;

describe("the same cart reuses the student's open order", () => {
  it("answers the open order and its PaymentIntent's client secret again, creating nothing at Stripe", async () => {
    const first = await order([{ productId: p.oneHour.id, quantity: 2 }]);
    expect(first.status).toBe(201);
    const secret = (await pay(first.json.id)).json.clientSecret;
    const intentsBefore = created();

    // The same products and quantities, however the lines are split or ordered, are the same cart.
    for (const items of [
      [{ productId: p.oneHour.id, quantity: 2 }],
      [{ productId: p.oneHour.id, quantity: 1 }, { productId: p.fiveHours.id, quantity: 0 }, { productId: p.oneHour.id, quantity: 1 }],
    ]) {
      const again = await order(items);
      expect(again.status).toBe(200);
      expect(again.json).toEqual({ id: first.json.id });
      expect((await pay(again.json.id)).json.clientSecret).toBe(secret);
    }
    expect(created()).toBe(intentsBefore);
    expect(await countRows(ctx.db, "orders", w.tenant.id)).toBe(1);
  });

  it("40 rapid identical orders make one order and one PaymentIntent", async () => {
    const before = stripe.requests.length;
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const res = await order([{ productId: p.fiveHours.id, quantity: 1 }]);
        return { id: res.json.id as string, secret: (await pay(res.json.id)).json.clientSecret as string };
      }),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.secret)).size).toBe(1);
    // Concurrent first calls may each ask Stripe, with one idempotency key: Stripe makes one PaymentIntent.
    expect([...stripe.intents.values()].filter((i) => i.metadata.order_id === answers[0]!.id)).toHaveLength(1);
    expect(new Set(stripe.requests.slice(before).filter((r) => r.path === "/v1/payment_intents").map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it("a different cart, a paid order or an order past its day is not reused", async () => {
    const one = (await order([{ productId: p.oneHour.id, quantity: 1 }])).json.id;
    const two = await order([{ productId: p.oneHour.id, quantity: 2 }]);
    expect(two.status).toBe(201);
    expect(two.json.id).not.toBe(one);

    await backdateOrder(ctx.db, one, 25);
    const fresh = await order([{ productId: p.oneHour.id, quantity: 1 }]);
    expect(fresh.status).toBe(201);
    expect(fresh.json.id).not.toBe(one);
  });

  it("never reuses another student's order", async () => {
    const mine = (await order([{ productId: p.oneHour.id, quantity: 1 }])).json.id;
    const other = await addStudent(ctx.db, w, 0);
    const theirs = await order([{ productId: p.oneHour.id, quantity: 1 }], other.token);
    expect(theirs.status).toBe(201);
    expect(theirs.json.id).not.toBe(mine);
  });
});

describe("open orders per student are capped", () => {
  const cart = (n: number) => [{ productId: p.oneHour.id, quantity: n }];
  const other = (n: number) => [{ productId: p.fiveHours.id, quantity: n }];

  it(`refuses a new cart past ${MAX_OPEN_ORDERS} open orders with 429 in Spanish, and writes nothing`, async () => {
    for (let n = 1; n <= MAX_OPEN_ORDERS; n++) expect((await order(cart(n))).status).toBe(201);
    const before = created();
    const refused = await order(cart(MAX_OPEN_ORDERS + 1));
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      error: "TOO_MANY_OPEN_ORDERS",
      message: "Tienes demasiados pedidos sin pagar. Paga uno de ellos o vuelve a intentarlo dentro de 24 horas.",
    });
    expect(await countRows(ctx.db, "orders", w.tenant.id)).toBe(MAX_OPEN_ORDERS);
    expect(created()).toBe(before);

    // An open cart can still be paid; another student is not limited by this one.
    expect((await order(cart(1))).status).toBe(200);
    const other = await addStudent(ctx.db, w, 0);
    expect((await order(cart(1), other.token)).status).toBe(201);
  });

  it("concurrent new carts cannot pass the cap", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => order(cart(i + 1))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_OPEN_ORDERS);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - MAX_OPEN_ORDERS);
  });

  it("frees a place when an order is paid or expires; the message says when the oldest expires", async () => {
    const ids: string[] = [];
    for (let n = 1; n <= MAX_OPEN_ORDERS; n++) ids.push((await order(cart(n))).json.id);
    await backdateOrder(ctx.db, ids[0]!, 21.5);
    expect((await order(other(1))).json.message).toContain("dentro de 3 horas");

    await backdateOrder(ctx.db, ids[0]!, 24.5);
    expect((await order(other(1))).status).toBe(201);
    await ctx.db.update(orders).set({ status: "paid" }).where(eq(orders.id, ids[1]!));
    expect((await order(other(2))).status).toBe(201);
    expect((await order(other(3))).status).toBe(429);
  });

  it("is for students of the school: wrong role 403, another school's student gets 404 for this school's order", async () => {
    expect((await order(cart(1), w.instructorToken)).status).toBe(403);
    const { id } = (await order(cart(1))).json;
    const otherSchool = await createBookingWorld(ctx.db);
    expect((await as(otherSchool.studentToken, "/shop/order/payment", "POST", { orderId: id }, otherSchool.tenant.host)).status).toBe(404);
    expect((await as(otherSchool.studentToken, `/shop/order/${id}`, "GET", undefined, otherSchool.tenant.host)).status).toBe(404);
  });
});

describe("an administrator acting as the student", () => {
  it("is recorded on the order (acted_by_id) and in the audit log; the student's own order names nobody", async () => {
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana" });
    const acting = await tokenFor(w.student, w.tenant, admin.id);
    const byAdmin = await order([{ productId: p.fiveHours.id, quantity: 1 }], acting);
    expect(byAdmin.status).toBe(201);
    const own = await order([{ productId: p.oneHour.id, quantity: 1 }]);

    const rows = await ctx.db.select().from(orders).where(eq(orders.tenantId, w.tenant.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(byAdmin.json.id)).toMatchObject({ studentId: w.student.id, actedById: admin.id });
    expect(byId.get(own.json.id)).toMatchObject({ studentId: w.student.id, actedById: null });

    const audit = await ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.action, "shop.order_created")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, actingAsId: w.student.id, targetType: "order", targetId: byAdmin.json.id });
    expect(audit[0]!.details).toMatchObject({ totalCents: 16500, mode: "time", amount: 5 * 3600 });

    // The office reads it in its audit log, under the Spanish label, as done by the administrator for the student.
    const log = await as(await tokenFor(admin, w.tenant), "/administrator/audit?action=shop.order_created");
    expect(log.status).toBe(200);
    expect(auditPageSchema.parse(log.json).data).toEqual([
      expect.objectContaining({ actor: { id: admin.id, name: expect.stringContaining("Ana") }, actingAs: expect.objectContaining({ id: w.student.id }), targetId: byAdmin.json.id }),
    ]);
  });
});
