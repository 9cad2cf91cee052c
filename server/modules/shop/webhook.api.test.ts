import { eq } from "drizzle-orm";
import { balanceHistorySchema } from "@/lib/contract/balance";
import { paymentIntents } from "@/server/db/schema/shop";
import { webhookAckSchema } from "@/lib/contract/shop";
import { setStripeApiTarget } from "@/server/payments/stripe-gateway";
import type { ProviderKeys } from "@/server/payments/types";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createBookingWorld, ledgerViolations, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { configureStripe, countRows, createProducts, HOUR, sendWebhook } from "@/tests/fixtures/shop-factories";
import { startStripeStandIn, type StandInIntent, type StripeStandIn } from "@/tests/fixtures/stripe-stand-in";

jest.setTimeout(60_000);

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

type School = { w: BookingWorld; keys: ProviderKeys; intent: StandInIntent; orderId: string };

// A school with Stripe keys and a student (2 h of balance) who has paid an order of one 5-hour pack at Stripe.
async function paidOrder(settings?: Record<string, string>, stripeAccount: string | null = null): Promise<School> {
  const w = await createBookingWorld(ctx.db, { balanceSeconds: 2 * HOUR, settings });
  const p = await createProducts(ctx.db, w.tenant);
  const keys = await configureStripe(ctx.db, w.tenant, stripeAccount);
  const productId = settings?.balance_mode === "money" ? p.fifty.id : p.fiveHours.id;
  const call = (path: string, body: unknown) => ctx.call(path, { host: w.tenant.host, token: w.studentToken, method: "POST", body });
  const orderId = (await call("/shop/order", { items: [{ productId, quantity: 1 }] })).json.id;
  const { clientSecret } = (await call("/shop/order/payment", { orderId })).json;
  const intent = [...stripe.intents.values()].find((i) => i.client_secret === clientSecret)!;
  return { w, keys, intent, orderId };
}

const balanceOf = async (w: BookingWorld) => (await ctx.call("/student/balance", { host: w.tenant.host, token: w.studentToken })).json;
const historyOf = async (w: BookingWorld) =>
  balanceHistorySchema.parse((await ctx.call("/student/balance/history", { host: w.tenant.host, token: w.studentToken })).json);
const succeeded = (s: School) => stripe.event("payment_intent.succeeded", stripe.setStatus(s.intent.id, "succeeded"));
const deliver = (s: School, event: unknown, options: Parameters<typeof sendWebhook>[3] = {}) =>
  sendWebhook(ctx, s.w.tenant.host, event, { secret: s.keys.webhookSecret, ...options });

const intentRow = async (stripeId: string) =>
  (await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.stripeId, stripeId)))[0];

async function expectUntouched(s: School) {
  expect((await balanceOf(s.w)).timeBalanceSeconds).toBe(2 * HOUR);
  expect(await historyOf(s.w)).toHaveLength(1);
}

describe("POST /api/shop/stripe/webhook: payment_intent.succeeded", () => {
  it("credits the order once, as a 'Compra de saldo' movement, and marks the order paid", async () => {
    const s = await paidOrder();
    const res = await deliver(s, succeeded(s));
    expect(res.status).toBe(200);
    expect(webhookAckSchema.parse(res.json)).toEqual({ received: true });
    expect((await balanceOf(s.w)).timeBalanceSeconds).toBe(7 * HOUR);
    expect((await historyOf(s.w))[0]).toMatchObject({ operation: "top-up", description: "recarga_admin", secondsAmount: 5 * HOUR, secondsAmountBefore: 2 * HOUR, secondsAmountAfter: 7 * HOUR });
    const order = await ctx.call(`/shop/order/${s.orderId}`, { host: s.w.tenant.host, token: s.w.studentToken });
    expect(order.json.status).toBe("paid");
    // A paid order cannot be paid again.
    const again = await ctx.call("/shop/order/payment", { host: s.w.tenant.host, token: s.w.studentToken, method: "POST", body: { orderId: s.orderId } });
    expect(again.status).toBe(409);
  });

  it("credits euros in a money-mode school", async () => {
    const s = await paidOrder({ balance_mode: "money" });
    expect((await deliver(s, succeeded(s))).status).toBe(200);
    expect((await balanceOf(s.w)).moneyBalanceCents).toBe(5000);
  });

  it("the same event delivered twice credits once", async () => {
    const s = await paidOrder();
    const event = succeeded(s);
    expect((await deliver(s, event)).status).toBe(200);
    expect((await deliver(s, event)).status).toBe(200);
    expect((await balanceOf(s.w)).timeBalanceSeconds).toBe(7 * HOUR);
    expect(await historyOf(s.w)).toHaveLength(2);
  });

  it("two concurrent deliveries (same event, and a second event of the same intent) credit once", async () => {
    const s = await paidOrder();
    const event = succeeded(s);
    const other = stripe.event("payment_intent.succeeded", stripe.intents.get(s.intent.id)!);
    const answers = await Promise.all([deliver(s, event), deliver(s, event), deliver(s, other), deliver(s, other)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect((await balanceOf(s.w)).timeBalanceSeconds).toBe(7 * HOUR);
    expect(await historyOf(s.w)).toHaveLength(2);
  });
});

describe("POST /api/shop/stripe/webhook: what changes nothing", () => {
  it.each([
    ["a wrong secret", { secret: "whsec_forged" }],
    ["no signature", { signature: null }],
    ["a malformed signature", { signature: "t=1,v1=abc" }],
    ["a signature older than five minutes", { timestamp: Math.floor(Date.now() / 1000) - 600 }],
  ])("refuses %s with 400 and writes nothing", async (_name, options) => {
    const s = await paidOrder();
    const res = await deliver(s, succeeded(s), options);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("INVALID_SIGNATURE");
    await expectUntouched(s);
    expect(await countRows(ctx.db, "stripe_webhook_events", s.w.tenant.id)).toBe(0);
  });

  it("refuses a body altered after signing", async () => {
    const s = await paidOrder();
    const payload = JSON.stringify(succeeded(s));
    const header = (await import("stripe")).default.webhooks.generateTestHeaderString({ payload, secret: s.keys.webhookSecret });
    const tampered = payload.replace(`"amount":16500`, `"amount":99999`);
    expect(tampered).not.toBe(payload);
    const res = await sendWebhook(ctx, s.w.tenant.host, tampered, { signature: header });
    expect(res.status).toBe(400);
    await expectUntouched(s);
  });

  it("ignores an amount that does not match the order", async () => {
    const s = await paidOrder();
    const event = succeeded(s);
    (event.data.object as StandInIntent).amount = 100;
    expect((await deliver(s, event)).status).toBe(200);
    await expectUntouched(s);
    expect(await countRows(ctx.db, "stripe_webhook_events", s.w.tenant.id)).toBe(0);
  });

  it("ignores an intent the school does not know", async () => {
    const s = await paidOrder();
    const event = succeeded(s);
    const object = event.data.object as StandInIntent;
    object.id = "pi_unknown";
    expect((await deliver(s, event)).status).toBe(200);
    await expectUntouched(s);
  });

  it("another school's event: refused with the other school's secret, ignored when it names the other school", async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const eventOfB = succeeded(b);
    // Signed with B's secret but sent to A's host: A's secret does not verify it.
    expect((await sendWebhook(ctx, a.w.tenant.host, eventOfB, { secret: b.keys.webhookSecret })).status).toBe(400);
    // Signed with A's secret (a shared Stripe account): B's intent is not A's to credit.
    expect((await deliver(a, eventOfB)).status).toBe(200);
    await expectUntouched(a);
    await expectUntouched(b);
  });

  it("an event of another connected account is refused and writes nothing; the school's own account's is credited", async () => {
    const s = await paidOrder(undefined, "acct_school");
    const event = succeeded(s);
    const intentBefore = await intentRow(s.intent.id);
    // Properly signed with the school's secret, but sent for another connected account (Stripe Connect's `account`).
    expect((await deliver(s, { ...event, account: "acct_someone_else" })).status).toBe(200);
    await expectUntouched(s);
    expect(await countRows(ctx.db, "stripe_webhook_events", s.w.tenant.id)).toBe(0);
    expect(await intentRow(s.intent.id)).toEqual(intentBefore);
    const order = await ctx.call(`/shop/order/${s.orderId}`, { host: s.w.tenant.host, token: s.w.studentToken });
    expect(order.json.status).toBe("pending");

    // The same event for the school's own account is applied: the refusal above was the account, nothing else.
    expect((await deliver(s, { ...event, account: "acct_school" })).status).toBe(200);
    expect((await balanceOf(s.w)).timeBalanceSeconds).toBe(7 * HOUR);
  });

  it("failed and cancelled intents change no balance", async () => {
    const s = await paidOrder();
    expect((await deliver(s, stripe.event("payment_intent.payment_failed", stripe.setStatus(s.intent.id, "requires_payment_method")))).status).toBe(200);
    expect((await deliver(s, stripe.event("payment_intent.canceled", stripe.setStatus(s.intent.id, "canceled")))).status).toBe(200);
    expect((await deliver(s, stripe.event("charge.refunded", stripe.intents.get(s.intent.id)!))).status).toBe(200);
    await expectUntouched(s);
  });

  it("a school without Stripe keys refuses webhooks", async () => {
    const w = await createBookingWorld(ctx.db);
    const res = await sendWebhook(ctx, w.tenant.host, { id: "evt_1", object: "event" }, { secret: "whsec_any" });
    expect(res.status).toBe(400);
  });
});
