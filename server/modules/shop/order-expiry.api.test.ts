import { eq } from "drizzle-orm";
import { orderSchema } from "@/lib/contract/shop";
import { startHousekeeping } from "@/server/http/housekeeping";
import { orders, paymentIntents } from "@/server/db/schema/shop";
import { setStripeApiTarget } from "@/server/payments/stripe-gateway";
import type { ProviderKeys } from "@/server/payments/types";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createBookingWorld, ledgerViolations, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { backdateOrder, configureStripe, createProducts, HOUR, sendWebhook } from "@/tests/fixtures/shop-factories";
import { startStripeStandIn, type StandInIntent, type StripeStandIn } from "@/tests/fixtures/stripe-stand-in";
import { expireOrders } from "./order-expiry";

jest.setTimeout(60_000);

// Pending orders used to live for ever with their PaymentIntents open at Stripe. Now an order unpaid for 24 h expires
// and its PaymentIntent is cancelled at Stripe (the stand-in speaks Stripe's protocol); a payment that Stripe still
// completed meanwhile credits the balance exactly once, whichever of the webhook and the expiry sees it first.
let ctx: ApiContext;
let stripe: StripeStandIn;

beforeAll(async () => {
  [ctx, stripe] = await Promise.all([createApiContext(), startStripeStandIn()]);
  setStripeApiTarget({ host: stripe.host, port: stripe.port, protocol: stripe.protocol });
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), stripe.close()]);
});

type Started = { w: BookingWorld; keys: ProviderKeys; orderId: string; intent: StandInIntent };

// A student with 2 h of balance who ordered a 5-hour pack and opened its payment `hoursAgo` hours ago.
async function startedOrder(hoursAgo: number): Promise<Started> {
  const w = await createBookingWorld(ctx.db, { balanceSeconds: 2 * HOUR });
  const p = await createProducts(ctx.db, w.tenant);
  const keys = await configureStripe(ctx.db, w.tenant);
  const call = (path: string, body: unknown) => ctx.call(path, { host: w.tenant.host, token: w.studentToken, method: "POST", body });
  const orderId = (await call("/shop/order", { items: [{ productId: p.fiveHours.id, quantity: 1 }] })).json.id;
  const { clientSecret } = (await call("/shop/order/payment", { orderId })).json;
  const intent = [...stripe.intents.values()].find((i) => i.client_secret === clientSecret)!;
  await backdateOrder(ctx.db, orderId, hoursAgo);
  return { w, keys, orderId, intent };
}

const get = (s: Started, path: string) => ctx.call(path, { host: s.w.tenant.host, token: s.w.studentToken });
const post = (s: Started, path: string, body: unknown) => ctx.call(path, { host: s.w.tenant.host, token: s.w.studentToken, method: "POST", body });
const balanceOf = async (s: Started) => (await get(s, "/student/balance")).json.timeBalanceSeconds as number;
const orderRow = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const intentRow = async (stripeId: string) => (await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.stripeId, stripeId)))[0]!;
const cancels = (intentId: string) => stripe.requests.filter((r) => r.method === "POST" && r.path === `/v1/payment_intents/${intentId}/cancel`);
const succeededAtStripe = (s: Started) => stripe.event("payment_intent.succeeded", stripe.setStatus(s.intent.id, "succeeded"));

describe("an order unpaid for 24 hours", () => {
  it("reads as expired and cannot be paid, even before the housekeeping has run", async () => {
    const s = await startedOrder(24.1);
    expect(orderSchema.parse((await get(s, `/shop/order/${s.orderId}`)).json).status).toBe("expired");
    const pay = await post(s, "/shop/order/payment", { orderId: s.orderId });
    expect(pay.status).toBe(409);
    expect(pay.json).toEqual({ error: "ORDER_EXPIRED", message: "Este pedido ha caducado. Vuelve a Recargar saldo para hacer uno nuevo." });
  });

  it("an order of 23 hours is still open and payable", async () => {
    const s = await startedOrder(23);
    expect((await get(s, `/shop/order/${s.orderId}`)).json.status).toBe("pending");
    expect((await post(s, "/shop/order/payment", { orderId: s.orderId })).json.clientSecret).toBe(s.intent.client_secret);
    await expireOrders(ctx.db);
    expect((await orderRow(s.orderId)).status).toBe("pending");
    expect(stripe.intents.get(s.intent.id)!.status).toBe("requires_payment_method");
  });

  it("is marked expired by the housekeeping, which cancels its PaymentIntent at Stripe, once", async () => {
    const s = await startedOrder(25);
    const schedule = startHousekeeping(ctx.db, 60 * 60_000);
    try {
      await waitFor(async () => (await intentRow(s.intent.id)).status === "canceled");
    } finally {
      await schedule.stop();
    }
    expect(stripe.intents.get(s.intent.id)).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    expect(await orderRow(s.orderId)).toMatchObject({ status: "expired", expiredAt: expect.any(Date) });
    expect((await get(s, `/shop/order/${s.orderId}`)).json.status).toBe("expired");

    // Another round, or another replica, changes nothing and asks Stripe nothing more.
    const before = cancels(s.intent.id).length;
    await Promise.all([expireOrders(ctx.db), expireOrders(ctx.db)]);
    expect(cancels(s.intent.id)).toHaveLength(before);
    expect(await balanceOf(s)).toBe(2 * HOUR);
  });

  it("two replicas expiring at the same moment cancel each PaymentIntent once", async () => {
    const a = await startedOrder(30);
    const b = await startedOrder(30);
    await Promise.all([expireOrders(ctx.db), expireOrders(ctx.db), expireOrders(ctx.db)]);
    for (const s of [a, b]) {
      expect(cancels(s.intent.id)).toHaveLength(1);
      expect((await intentRow(s.intent.id)).status).toBe("canceled");
    }
  });

  it("when Stripe cannot be reached, stays expired and the cancel is tried again later", async () => {
    const s = await startedOrder(25);
    setStripeApiTarget({ host: "127.0.0.1", port: 9, protocol: "http" });
    try {
      await expireOrders(ctx.db);
    } finally {
      setStripeApiTarget({ host: stripe.host, port: stripe.port, protocol: stripe.protocol });
    }
    expect((await orderRow(s.orderId)).status).toBe("expired");
    expect((await intentRow(s.intent.id)).status).toBe("open");
    // Not retried at once (another replica's round right after this one leaves it alone) ...
    await expireOrders(ctx.db);
    expect(cancels(s.intent.id)).toHaveLength(0);
    // ... but ten minutes later.
    await expireOrders(ctx.db, new Date(Date.now() + 11 * 60_000));
    expect(cancels(s.intent.id)).toHaveLength(1);
    expect((await intentRow(s.intent.id)).status).toBe("canceled");
  });
});

describe("a payment Stripe completes after the order expired here", () => {
  it("a webhook arriving for the expired order credits the balance once and marks it paid", async () => {
    const s = await startedOrder(25);
    // The expiry could not reach Stripe, and the student's payment went through there.
    setStripeApiTarget({ host: "127.0.0.1", port: 9, protocol: "http" });
    try {
      await expireOrders(ctx.db);
    } finally {
      setStripeApiTarget({ host: stripe.host, port: stripe.port, protocol: stripe.protocol });
    }
    expect((await orderRow(s.orderId)).status).toBe("expired");
    const event = succeededAtStripe(s);

    expect((await sendWebhook(ctx, s.w.tenant.host, event, { secret: s.keys.webhookSecret })).status).toBe(200);
    expect((await sendWebhook(ctx, s.w.tenant.host, event, { secret: s.keys.webhookSecret })).status).toBe(200);
    expect(await balanceOf(s)).toBe(7 * HOUR);
    expect((await get(s, `/shop/order/${s.orderId}`)).json.status).toBe("paid");

    // The next expiry round finds the intent settled: Stripe is not asked to cancel it, nothing is credited again.
    await expireOrders(ctx.db, new Date(Date.now() + 11 * 60_000));
    expect(cancels(s.intent.id)).toHaveLength(0);
    expect(await balanceOf(s)).toBe(7 * HOUR);
  });

  it("the expiry finds the intent succeeded at Stripe: it credits once, and the webhook then changes nothing", async () => {
    const s = await startedOrder(25);
    const event = succeededAtStripe(s); // paid at Stripe; its webhook is late
    const round = await expireOrders(ctx.db);
    expect(round.credited).toBeGreaterThanOrEqual(1);
    expect(cancels(s.intent.id)).toHaveLength(1); // Stripe refused: already succeeded
    expect(stripe.intents.get(s.intent.id)!.status).toBe("succeeded");
    expect(await balanceOf(s)).toBe(7 * HOUR);
    expect(await orderRow(s.orderId)).toMatchObject({ status: "paid", movementId: expect.any(String) });

    expect((await sendWebhook(ctx, s.w.tenant.host, event, { secret: s.keys.webhookSecret })).status).toBe(200);
    expect(await balanceOf(s)).toBe(7 * HOUR);
  });

  it("the webhook and the expiry at the same moment credit once", async () => {
    const s = await startedOrder(25);
    const event = succeededAtStripe(s);
    await Promise.all([
      expireOrders(ctx.db),
      sendWebhook(ctx, s.w.tenant.host, event, { secret: s.keys.webhookSecret }),
      expireOrders(ctx.db),
    ]);
    expect(await balanceOf(s)).toBe(7 * HOUR);
    expect((await orderRow(s.orderId)).status).toBe("paid");
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}
