import { eq, sql } from "drizzle-orm";
import { paymentSettings } from "@/server/db/schema/shop";
import { setStripeApiTarget } from "@/server/payments/stripe-gateway";
import type { ProviderKeys } from "@/server/payments/types";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createBookingWorld, ledgerViolations, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { configureStripe, createProducts, HOUR, sendWebhook } from "@/tests/fixtures/shop-factories";
import { startStripeStandIn, type StripeStandIn } from "@/tests/fixtures/stripe-stand-in";

jest.setTimeout(60_000);

// Security issue: the schools' Stripe secret keys and webhook secrets were stored in clear in payment_settings. They
// are now sealed with the at-rest key (AES-256-GCM, bound to the school and the column), and rows already in clear
// keep working and are sealed the first time they are read.
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

// The row as a database dump or a read-only SQL session sees it.
async function rawRow(tenantId: string): Promise<Record<string, unknown>> {
  const result = await ctx.db.execute(sql`select * from payment_settings where tenant_id = ${tenantId}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
}

const clearKeys = (): ProviderKeys => {
  const id = crypto.randomUUID().replaceAll("-", "");
  return { secretKey: `sk_test_${id}`, publishableKey: `pk_test_${id}`, webhookSecret: `whsec_${id}`, stripeAccount: null };
};

// A student orders a 5-hour pack and pays it at Stripe; Stripe's webhook is signed with `webhookSecret`.
async function payAndNotify(w: BookingWorld, webhookSecret: string) {
  const p = await createProducts(ctx.db, w.tenant);
  const call = (path: string, body?: unknown) => ctx.call(path, { host: w.tenant.host, token: w.studentToken, method: body ? "POST" : "GET", body });
  const orderId = (await call("/shop/order", { items: [{ productId: p.fiveHours.id, quantity: 1 }] })).json.id;
  const payment = await call("/shop/order/payment", { orderId });
  expect(payment.status).toBe(200);
  const intent = [...stripe.intents.values()].find((i) => i.client_secret === payment.json.clientSecret)!;
  const event = stripe.event("payment_intent.succeeded", stripe.setStatus(intent.id, "succeeded"));
  expect((await sendWebhook(ctx, w.tenant.host, event, { secret: webhookSecret })).status).toBe(200);
  return { balance: (await call("/student/balance")).json.timeBalanceSeconds as number, intentId: intent.id };
}

describe("payment_settings at rest", () => {
  it("holds no secret key or webhook secret in clear, and payments and webhooks still work with them", async () => {
    const w = await createBookingWorld(ctx.db, { balanceSeconds: 0 });
    const keys = await configureStripe(ctx.db, w.tenant);
    const row = await rawRow(w.tenant.id);
    const dump = JSON.stringify(row);
    expect(dump).not.toMatch(/sk_|whsec_/);
    expect(dump).not.toContain(keys.secretKey.slice(8));
    expect(dump).not.toContain(keys.webhookSecret.slice(6));
    expect(row.secret_key).toMatch(/^enc1:/);
    expect(row.webhook_secret).toMatch(/^enc1:/);
    expect(row.publishable_key).toBe(keys.publishableKey); // public by nature: the browser gets it

    const paid = await payAndNotify(w, keys.webhookSecret);
    expect(paid.balance).toBe(5 * HOUR);
    // Stripe was called with the school's own secret key, opened from the sealed value.
    expect(stripe.requests.filter((r) => r.path === "/v1/payment_intents").at(-1)!.apiKey).toBe(keys.secretKey);
  });

  it("a row written in clear before the change keeps working, and is sealed on its first read", async () => {
    const w = await createBookingWorld(ctx.db, { balanceSeconds: 0 });
    const keys = clearKeys();
    await ctx.db.insert(paymentSettings).values({ tenantId: w.tenant.id, ...keys });
    expect((await rawRow(w.tenant.id)).secret_key).toBe(keys.secretKey);

    const config = await ctx.call("/config", { host: w.tenant.host, token: w.studentToken });
    expect(config.json.stripe_charges_enabled).toEqual({ value: "true" });
    expect(JSON.stringify(await rawRow(w.tenant.id))).not.toMatch(/sk_|whsec_/);

    expect((await payAndNotify(w, keys.webhookSecret)).balance).toBe(5 * HOUR);
  });

  it("a sealed secret copied onto another school's row does not open there: card top-up off, never a 500", async () => {
    const source = await createBookingWorld(ctx.db);
    await configureStripe(ctx.db, source.tenant);
    const target = await createBookingWorld(ctx.db);
    const { tenantId: _ignored, ...sealed } = (await ctx.db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, source.tenant.id)))[0]!;
    await ctx.db.insert(paymentSettings).values({ tenantId: target.tenant.id, ...sealed });

    const call = (path: string, body?: unknown) => ctx.call(path, { host: target.tenant.host, token: target.studentToken, method: body ? "POST" : "GET", body });
    expect((await call("/config")).json.stripe_charges_enabled).toEqual({ value: "false" });
    expect((await call("/shop/stripe/public-key")).json).toEqual({ publicKey: null, stripeAccount: null });
    const p = await createProducts(ctx.db, target.tenant);
    const orderId = (await call("/shop/order", { items: [{ productId: p.oneHour.id, quantity: 1 }] })).json.id;
    const payment = await call("/shop/order/payment", { orderId });
    expect(payment.status).toBe(409);
    expect(payment.json.error).toBe("PAYMENTS_NOT_CONFIGURED");
    expect((await sendWebhook(ctx, target.tenant.host, { id: "evt_x", type: "payment_intent.succeeded" }, { secret: "whsec_any" })).status).toBe(400);
    await ctx.db.delete(paymentSettings).where(eq(paymentSettings.tenantId, target.tenant.id));
  });
});
