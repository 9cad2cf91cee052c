import { Writable } from "node:stream";
import pino, { type Logger } from "pino";
import { createApp } from "@/server/app";
import { upsertPaymentKeys } from "@/server/modules/shop/payment-settings.repository";
import { setStripeApiTarget } from "@/server/payments/stripe-gateway";
import { apiCaller, createApiContext, type ApiCall, type ApiContext } from "@/tests/fixtures/api";
import { createBookingWorld, ledgerViolations } from "@/tests/fixtures/reservation-factories";
import { configureStripe, createProducts, sendWebhook } from "@/tests/fixtures/shop-factories";
import { startStripeStandIn, type StripeStandIn } from "@/tests/fixtures/stripe-stand-in";

jest.setTimeout(60_000);

// Every line the API writes while a student pays an order and Stripe's webhooks arrive (good, duplicated, forged,
// and a school whose secret key Stripe refuses) is captured, and none may carry key material. The access log goes to
// the app's logger; the webhook service logs through the process's logger (getLogger), so both are the capture here.
const lines: string[] = [];
const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
const capture = pino({ level: "trace" }, sink);
const processLogger = globalThis as unknown as { __volanteLogger?: Logger };
const consoleMethods = ["log", "info", "warn", "error", "debug"] as const;

let ctx: ApiContext;
let stripe: StripeStandIn;
let app: ReturnType<typeof createApp>;
let previousLogger: Logger | undefined;

beforeAll(async () => {
  [ctx, stripe] = await Promise.all([createApiContext(), startStripeStandIn()]);
  setStripeApiTarget({ host: stripe.host, port: stripe.port, protocol: stripe.protocol });
  app = createApp({ db: async () => ctx.db, logger: capture });
  previousLogger = processLogger.__volanteLogger;
  processLogger.__volanteLogger = capture;
  // Anything written straight to the console (the SDK's own warnings, a stray debug line) counts as log output too.
  for (const method of consoleMethods) {
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  }
});
afterAll(async () => {
  jest.restoreAllMocks();
  processLogger.__volanteLogger = previousLogger;
  await Promise.all([ctx.close(), stripe.close()]);
});

// ctx.call, against the app whose logger is captured.
const call = (path: string, options: ApiCall) => apiCaller(app)(path, options);
const capturedCtx = () => ({ ...ctx, call }) as unknown as ApiContext;

it("logs payments and webhooks by id only: no secret key, webhook secret, client secret or signature", async () => {
  const w = await createBookingWorld(ctx.db, { settings: { balance_mode: "money" } });
  const p = await createProducts(ctx.db, w.tenant);
  const keys = await configureStripe(ctx.db, w.tenant, "acct_logs");
  const as = (path: string, method = "GET", body?: unknown) => call(path, { host: w.tenant.host, token: w.studentToken, method, body });

  const orderId = (await as("/shop/order", "POST", { items: [{ productId: p.fifty.id, quantity: 1 }] })).json.id;
  const { clientSecret } = (await as("/shop/order/payment", "POST", { orderId })).json;
  expect(clientSecret).toMatch(/_secret_/);
  expect((await as("/shop/order/payment", "POST", { orderId })).json.clientSecret).toBe(clientSecret); // reused: a retrieve
  expect((await as("/shop/stripe/public-key")).status).toBe(200);

  const intent = [...stripe.intents.values()].find((i) => i.client_secret === clientSecret)!;
  const event = { ...stripe.event("payment_intent.succeeded", stripe.setStatus(intent.id, "succeeded")), account: "acct_logs" };
  const signed = { secret: keys.webhookSecret };
  expect((await sendWebhook(capturedCtx(), w.tenant.host, event, signed)).status).toBe(200);
  expect((await sendWebhook(capturedCtx(), w.tenant.host, event, signed)).status).toBe(200);
  expect((await sendWebhook(capturedCtx(), w.tenant.host, event, { secret: "whsec_forged_for_the_log_test" })).status).toBe(400);
  expect((await sendWebhook(capturedCtx(), w.tenant.host, event, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
  expect((await as("/student/balance")).json.moneyBalanceCents).toBe(5000);

  // A school whose secret key Stripe refuses (Stripe's 401 names part of the key): a 502, and still nothing logged.
  const refused = await createBookingWorld(ctx.db, { settings: { balance_mode: "money" } });
  const refusedProducts = await createProducts(ctx.db, refused.tenant);
  const badKeys = { secretKey: "sk_revoked_log_test_0123456789", publishableKey: "pk_test_log_test", webhookSecret: "whsec_log_test_refused", stripeAccount: null };
  await upsertPaymentKeys(ctx.db, refused.tenant.id, badKeys);
  const asRefused = (path: string, body: unknown) => call(path, { host: refused.tenant.host, token: refused.studentToken, method: "POST", body });
  const refusedOrder = (await asRefused("/shop/order", { items: [{ productId: refusedProducts.fifty.id, quantity: 1 }] })).json.id;
  const down = await asRefused("/shop/order/payment", { orderId: refusedOrder });
  expect(down.status).toBe(502);
  expect(down.text).not.toContain(badKeys.secretKey);

  // The capture did see the payment calls and the webhook service's own lines.
  const parsed = lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(parsed.filter((l) => l.route === "/api/shop/order/payment").map((l) => l.status)).toEqual([200, 200, 502]);
  expect(parsed.filter((l) => l.msg === "stripe webhook").map((l) => l.outcome)).toEqual(["credited", "duplicate"]);
  expect(parsed.filter((l) => l.msg === "stripe webhook refused")).toHaveLength(2);

  const all = lines.join("\n");
  for (const secret of [keys.secretKey, keys.webhookSecret, badKeys.secretKey, badKeys.webhookSecret, "whsec_forged_for_the_log_test", clientSecret]) {
    expect(all).not.toContain(secret);
  }
  expect(all).not.toMatch(/\bsk_[A-Za-z0-9_]+/);
  expect(all).not.toMatch(/\bwhsec_[A-Za-z0-9_]+/);
  expect(all).not.toMatch(/_secret_[A-Za-z0-9]+/);
  expect(all).not.toContain("v1=");
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
