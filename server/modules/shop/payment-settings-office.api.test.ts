import crypto from "node:crypto";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino, { type Logger } from "pino";
import { paymentSettingsSchema } from "@/lib/contract/payment-settings";
import { createApp } from "@/server/app";
import { auditLog } from "@/server/db/schema/core";
import { paymentSettings } from "@/server/db/schema/shop";
import { setStripeApiTarget } from "@/server/payments/stripe-gateway";
import { apiCaller, createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { createBookingWorld, ledgerViolations, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { configureStripe, createProducts, HOUR, sendWebhook } from "@/tests/fixtures/shop-factories";
import { startStripeStandIn, type StripeStandIn } from "@/tests/fixtures/stripe-stand-in";

jest.setTimeout(60_000);

// Issue 31 §4: the office switches card payments on by pasting the school's Stripe keys (checked against Stripe, here
// the local stand-in), sees them masked, and switches them off. Every line the API logs meanwhile is captured: no
// secret key or webhook secret may appear in an answer, the audit log or a log line.
const lines: string[] = [];
const capture = pino({ level: "trace" }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
const processLogger = globalThis as unknown as { __volanteLogger?: Logger };
const secretsSeen = new Set<string>();

let ctx: ApiContext;
let stripe: StripeStandIn;
let call: ReturnType<typeof apiCaller>;
let previousLogger: Logger | undefined;

beforeAll(async () => {
  [ctx, stripe] = await Promise.all([createApiContext(), startStripeStandIn()]);
  setStripeApiTarget({ host: stripe.host, port: stripe.port, protocol: stripe.protocol });
  call = apiCaller(createApp({ db: async () => ctx.db, logger: capture }));
  previousLogger = processLogger.__volanteLogger;
  processLogger.__volanteLogger = capture;
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  }
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
  const logged = lines.join("\n");
  for (const secret of secretsSeen) expect(logged).not.toContain(secret);
});
afterAll(async () => {
  jest.restoreAllMocks();
  processLogger.__volanteLogger = previousLogger;
  await Promise.all([ctx.close(), stripe.close()]);
});

type Keys = { secretKey: string; publishableKey: string; webhookSecret: string; stripeAccount?: string | null };

// Fresh keys as Stripe's dashboard gives them; every secret is remembered for the log check.
function newKeys(mode: "test" | "live" = "test", secretPrefix = "sk"): Keys {
  const id = () => crypto.randomBytes(12).toString("hex");
  const keys = { secretKey: `${secretPrefix}_${mode}_${id()}`, publishableKey: `pk_${mode}_${id()}`, webhookSecret: `whsec_${id()}` };
  secretsSeen.add(keys.secretKey).add(keys.webhookSecret);
  return keys;
}

type School = BookingWorld & { adminToken: string; admin: { id: string } };
async function school(): Promise<School> {
  const w = await createBookingWorld(ctx.db, { balanceSeconds: 0 });
  const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana", surname1: "Torres" });
  return { ...w, admin, adminToken: await tokenFor(admin, w.tenant) };
}

const settings = (s: School, method = "GET", body?: unknown, token = s.adminToken) =>
  call("/administrator/payment-settings", { host: s.tenant.host, token, method, body });
const asStudent = (s: School, path: string, body?: unknown) =>
  call(path, { host: s.tenant.host, token: s.studentToken, method: body ? "POST" : "GET", body });
const audits = async (s: School) =>
  (await ctx.db.select().from(auditLog).where(eq(auditLog.tenantId, s.tenant.id))).filter((a) => a.action.startsWith("payment_settings."));
const storedRow = async (s: School) => (await ctx.db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, s.tenant.id)))[0];
const accountChecks = () => stripe.requests.filter((r) => r.path === "/v1/account");
const expectNoSecrets = (text: string, keys: Keys) => {
  expect(text).not.toContain(keys.secretKey);
  expect(text).not.toContain(keys.webhookSecret);
};

// A student pays a 5-hour pack by card; Stripe's webhook is signed with `webhookSecret`.
async function payByCard(s: School, webhookSecret: string) {
  const p = await createProducts(ctx.db, s.tenant);
  const orderId = (await asStudent(s, "/shop/order", { items: [{ productId: p.fiveHours.id, quantity: 1 }] })).json.id;
  const payment = await asStudent(s, "/shop/order/payment", { orderId });
  expect(payment.status).toBe(200);
  const intent = [...stripe.intents.values()].find((i) => i.client_secret === payment.json.clientSecret)!;
  const event = stripe.event("payment_intent.succeeded", stripe.setStatus(intent.id, "succeeded"));
  return { webhook: await sendWebhook({ ...ctx, call } as ApiContext, s.tenant.host, event, { secret: webhookSecret }), intentRequests: stripe.requests.filter((r) => r.path === "/v1/payment_intents") };
}

describe("switching card payments on", () => {
  it("checks test keys with Stripe, answers them masked, and the students can pay by card", async () => {
    const s = await school();
    expect((await settings(s)).json).toMatchObject({ isEnabled: false, mode: null, secretKeyMasked: null, webhookUrl: `https://${s.tenant.host}/api/shop/stripe/webhook` });
    expect((await asStudent(s, "/config")).json.stripe_charges_enabled).toEqual({ value: "false" });

    const keys = newKeys();
    const checksBefore = accountChecks().length;
    const saved = await settings(s, "PUT", { ...keys, secretKey: ` ${keys.secretKey}\n` }); // pasted with a stray space
    expect(saved.status).toBe(200);
    expect(paymentSettingsSchema.parse(saved.json)).toMatchObject({
      isEnabled: true,
      mode: "test",
      publishableKey: keys.publishableKey,
      secretKeyMasked: `sk_test_…${keys.secretKey.slice(-4)}`,
      webhookSecretMasked: `whsec_…${keys.webhookSecret.slice(-4)}`,
      webhookUrl: `https://${s.tenant.host}/api/shop/stripe/webhook`,
      webhookEvents: ["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled"],
      account: { id: expect.stringMatching(/^acct_/), name: "Autoescuela de prueba" },
    });
    expectNoSecrets(saved.text, keys);
    // Checked against Stripe with the pasted secret key, once.
    expect(accountChecks().slice(checksBefore).map((r) => r.apiKey)).toEqual([keys.secretKey]);

    const read = await settings(s);
    expectNoSecrets(read.text, keys);
    expect(read.json).toMatchObject({ isEnabled: true, secretKeyMasked: saved.json.secretKeyMasked, updatedAt: expect.any(String) });
    expect(read.json.account).toBeUndefined();

    // The students see card top-up at once, and a payment goes through with the office's keys.
    expect((await asStudent(s, "/config")).json.stripe_charges_enabled).toEqual({ value: "true" });
    expect((await asStudent(s, "/shop/stripe/public-key")).json).toEqual({ publicKey: keys.publishableKey, stripeAccount: null });
    const paid = await payByCard(s, keys.webhookSecret);
    expect(paid.webhook.status).toBe(200);
    expect(paid.intentRequests.at(-1)!.apiKey).toBe(keys.secretKey);
    expect((await asStudent(s, "/student/balance")).json.timeBalanceSeconds).toBe(5 * HOUR);

    const [entry] = await audits(s);
    expect(entry).toMatchObject({ action: "payment_settings.enabled", actorId: s.admin.id });
    expect(entry!.details).toMatchObject({ mode: "test", secretKey: saved.json.secretKeyMasked, changed: ["publishableKey", "secretKey", "webhookSecret", "stripeAccount"] });
    expectNoSecrets(JSON.stringify(entry), keys);
  });

  it.each([
    ["sk", "live", "live"],
    ["rk", "live", "live"],
    ["rk", "test", "test"],
  ] as const)("tells the mode from the keys: %s_%s_ is %s", async (prefix, mode, expected) => {
    const s = await school();
    const keys = newKeys(mode, prefix);
    const saved = await settings(s, "PUT", keys);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ mode: expected, secretKeyMasked: `${prefix}_${mode}_…${keys.secretKey.slice(-4)}` });
  });

  it("with a connected account: checked on that account, and the students' payments go to it", async () => {
    const s = await school();
    const keys = newKeys();
    const saved = await settings(s, "PUT", { ...keys, stripeAccount: "acct_1Autoescuela" });
    expect(saved.json).toMatchObject({ stripeAccount: "acct_1Autoescuela", account: { id: "acct_1Autoescuela" } });
    expect(accountChecks().at(-1)!.account).toBe("acct_1Autoescuela");
    expect((await asStudent(s, "/shop/stripe/public-key")).json).toEqual({ publicKey: keys.publishableKey, stripeAccount: "acct_1Autoescuela" });
  });
});

describe("keys that are refused change nothing", () => {
  const good = () => newKeys();
  it.each([
    ["a missing webhook secret", () => ({ ...good(), webhookSecret: undefined }), 400, "MISSING_REQUIRED_FIELDS", "webhookSecret"],
    ["nothing at all", () => ({}), 422, "VALIDATION_ERROR", null],
    ["a publishable key where the secret goes", () => ({ ...good(), secretKey: "pk_test_0123456789abcdef" }), 422, "VALIDATION_ERROR", "secretKey"],
    ["a secret key where the publishable goes", () => ({ ...good(), publishableKey: "sk_test_0123456789abcdef" }), 422, "VALIDATION_ERROR", "publishableKey"],
    ["a webhook secret without whsec_", () => ({ ...good(), webhookSecret: "we_0123456789abcdef" }), 422, "VALIDATION_ERROR", "webhookSecret"],
    ["a test secret key with a live publishable key", () => ({ ...good(), publishableKey: "pk_live_0123456789abcdef" }), 422, "VALIDATION_ERROR", "publishableKey"],
    ["a connected account without acct_", () => ({ ...good(), stripeAccount: "cuenta" }), 422, "VALIDATION_ERROR", "stripeAccount"],
    ["a field that does not exist", () => ({ ...good(), apiVersion: "2020-01-01" }), 422, "VALIDATION_ERROR", ""],
    ["a key Stripe does not know", () => ({ ...good(), secretKey: `sk_test_revoked${crypto.randomBytes(8).toString("hex")}` }), 422, "PAYMENT_KEYS_REFUSED", "secretKey"],
    ["a connected account the key cannot reach", () => ({ ...good(), stripeAccount: "acct_unknown123" }), 422, "PAYMENT_KEYS_REFUSED", "stripeAccount"],
  ] as const)("%s", async (_name, body, status, code, path) => {
    const s = await school();
    const sent = body() as Keys;
    if (sent.secretKey) secretsSeen.add(sent.secretKey);
    const res = await settings(s, "PUT", sent);
    expect(res.status).toBe(status);
    expect(res.json.error).toBe(code);
    expect(res.json.message).toMatch(/^[A-ZÁÉÍÓÚ¿]/);
    if (path !== null) expect(res.json.issues.map((i: { path: string }) => i.path)).toContain(path);
    if (sent.secretKey) expect(res.text).not.toContain(sent.secretKey);
    expect(await storedRow(s)).toBeUndefined();
    expect(await audits(s)).toEqual([]);
    expect((await asStudent(s, "/config")).json.stripe_charges_enabled).toEqual({ value: "false" });
  });

  it("a revoked key pasted over working keys: a Spanish error, and the working keys stay", async () => {
    const s = await school();
    const keys = newKeys();
    await settings(s, "PUT", keys);
    const revoked = `sk_test_revoked${crypto.randomBytes(8).toString("hex")}`;
    secretsSeen.add(revoked);
    const res = await settings(s, "PUT", { secretKey: revoked });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe("Stripe no reconoce la clave secreta. Cópiala de nuevo desde el panel de Stripe (Desarrolladores › Claves de API).");
    expect(res.text).not.toContain(revoked.slice(-4));
    expect((await settings(s)).json.secretKeyMasked).toBe(`sk_test_…${keys.secretKey.slice(-4)}`);
    expect((await audits(s)).map((a) => a.action)).toEqual(["payment_settings.enabled"]);
    expect((await payByCard(s, keys.webhookSecret)).webhook.status).toBe(200);
  });

  it("Stripe out of reach: 502 with a Spanish message, nothing saved", async () => {
    const s = await school();
    const closed = await startStripeStandIn();
    await closed.close();
    setStripeApiTarget({ host: closed.host, port: closed.port, protocol: closed.protocol });
    try {
      const res = await settings(s, "PUT", newKeys());
      expect(res.status).toBe(502);
      expect(res.json).toMatchObject({ error: "PAYMENT_PROVIDER_ERROR", message: expect.stringContaining("No se ha podido contactar") });
    } finally {
      setStripeApiTarget({ host: stripe.host, port: stripe.port, protocol: stripe.protocol });
    }
    expect(await storedRow(s)).toBeUndefined();
  });
});

describe("changing and switching off", () => {
  it("a new webhook secret alone keeps the stored secret key; only the new secret verifies Stripe's webhooks", async () => {
    const s = await school();
    const keys = newKeys();
    await settings(s, "PUT", keys);
    const webhookSecret = `whsec_${crypto.randomBytes(12).toString("hex")}`;
    secretsSeen.add(webhookSecret);
    const res = await settings(s, "PUT", { webhookSecret });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ secretKeyMasked: `sk_test_…${keys.secretKey.slice(-4)}`, webhookSecretMasked: `whsec_…${webhookSecret.slice(-4)}` });
    expect(accountChecks().at(-1)!.apiKey).toBe(keys.secretKey); // the stored key, checked again
    const [updated] = (await audits(s)).filter((a) => a.action === "payment_settings.updated");
    expect(updated!.details).toMatchObject({ changed: ["webhookSecret"] });

    const paid = await payByCard(s, keys.webhookSecret);
    expect(paid.webhook.status).toBe(400); // the old secret no longer verifies
    const intent = [...stripe.intents.values()].at(-1)!;
    expect((await sendWebhook({ ...ctx, call } as ApiContext, s.tenant.host, stripe.event("payment_intent.succeeded", intent), { secret: webhookSecret })).status).toBe(200);
    expect((await asStudent(s, "/student/balance")).json.timeBalanceSeconds).toBe(5 * HOUR);

    // The same keys again: checked, nothing written, nothing audited.
    expect((await settings(s, "PUT", { webhookSecret })).status).toBe(200);
    expect(await audits(s)).toHaveLength(2);
  });

  it("switching off: card top-up disappears for the students, audited once", async () => {
    const s = await school();
    const keys = newKeys();
    await settings(s, "PUT", keys);
    const off = await settings(s, "DELETE");
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ isEnabled: false, mode: null, secretKeyMasked: null, publishableKey: null });
    expect(await storedRow(s)).toBeUndefined();
    expect((await asStudent(s, "/config")).json.stripe_charges_enabled).toEqual({ value: "false" });
    const p = await createProducts(ctx.db, s.tenant);
    const orderId = (await asStudent(s, "/shop/order", { items: [{ productId: p.oneHour.id, quantity: 1 }] })).json.id;
    expect((await asStudent(s, "/shop/order/payment", { orderId })).json.error).toBe("PAYMENTS_NOT_CONFIGURED");

    expect((await settings(s, "DELETE")).status).toBe(200); // already off: nothing to record
    const entries = await audits(s);
    expect(entries.map((a) => a.action).sort()).toEqual(["payment_settings.disabled", "payment_settings.enabled"]);
    expect(entries.find((a) => a.action === "payment_settings.disabled")!.details).toEqual({ mode: "test", secretKey: `sk_test_…${keys.secretKey.slice(-4)}` });
  });

  it("keys that cannot be opened (another at-rest key): shown as unreadable, replaced by pasting all three", async () => {
    const source = await school();
    await configureStripe(ctx.db, source.tenant);
    const s = await school();
    const { tenantId: _ignored, ...sealed } = (await storedRow(source))!;
    await ctx.db.insert(paymentSettings).values({ tenantId: s.tenant.id, ...sealed });
    expect((await settings(s)).json).toMatchObject({ isEnabled: false, isUnreadable: true, secretKeyMasked: null });
    const partial = await settings(s, "PUT", { webhookSecret: `whsec_${crypto.randomBytes(12).toString("hex")}` });
    expect(partial.status).toBe(400);
    expect(partial.json.issues.map((i: { path: string }) => i.path).sort()).toEqual(["publishableKey", "secretKey"]);
    const keys = newKeys();
    expect((await settings(s, "PUT", keys)).json).toMatchObject({ isEnabled: true, isUnreadable: false });
    expect((await audits(s)).map((a) => a.action)).toEqual(["payment_settings.enabled"]);
  });
});

describe("who may", () => {
  it("only the school's administrator: others 401/403, and another school's administrator sees and changes only their own", async () => {
    const a = await school();
    const keys = newKeys();
    await settings(a, "PUT", keys);
    const impersonating = await tokenFor(a.student, a.tenant, a.admin.id);
    for (const [token, status] of [[undefined, 401], [a.studentToken, 403], [a.instructorToken, 403], [impersonating, 403]] as const) {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const res = await call("/administrator/payment-settings", { host: a.tenant.host, token, method, body: method === "PUT" ? newKeys() : undefined });
        expect([method, res.status]).toEqual([method, status]);
        expectNoSecrets(res.text, keys);
      }
    }
    const b = await school();
    expect((await settings(b)).json).toMatchObject({ isEnabled: false, webhookUrl: `https://${b.tenant.host}/api/shop/stripe/webhook` });
    // A's token on B's host is refused; B's administrator switching off switches off B only.
    expect((await call("/administrator/payment-settings", { host: b.tenant.host, token: a.adminToken })).status).toBe(401);
    expect((await settings(b, "DELETE")).status).toBe(200);
    expect((await settings(a)).json).toMatchObject({ isEnabled: true, secretKeyMasked: `sk_test_…${keys.secretKey.slice(-4)}` });
    expect(await audits(b)).toEqual([]);
    expect((await audits(a)).map((x) => x.action)).toEqual(["payment_settings.enabled"]);
  });
});
