import { orderSchema, productListSchema, stripePublicKeySchema } from "@/lib/contract/shop";
import { setStripeApiTarget } from "@/server/payments/stripe-gateway";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createBookingWorld, ledgerViolations, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { configureStripe, countRows, createProducts, HOUR } from "@/tests/fixtures/shop-factories";
import { addStudent } from "@/tests/fixtures/reservation-factories";
import { startStripeStandIn, type StripeStandIn } from "@/tests/fixtures/stripe-stand-in";

jest.setTimeout(60_000);

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
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), stripe.close()]);
});

const as = (token: string, path: string, method = "GET", body?: unknown) => ctx.call(path, { host: w.tenant.host, token, method, body });
const order = (items: unknown, token = w.studentToken) => as(token, "/shop/order", "POST", { items });

describe("GET /api/shop/products", () => {
  it("lists the active products of the school's balance mode, with what each credits", async () => {
    const res = await as(w.studentToken, "/shop/products");
    expect(res.status).toBe(200);
    expect(productListSchema.parse(res.json).map((x) => [x.title, x.price.amount, x.credit])).toEqual([
      ["Pack 1 hora", 3500, { mode: "time", amount: HOUR }],
      ["Pack 5 horas", 16500, { mode: "time", amount: 5 * HOUR }],
    ]);
  });

  it("is for students only", async () => {
    expect((await as(w.instructorToken, "/shop/products")).status).toBe(403);
    expect((await ctx.call("/shop/products", { host: w.tenant.host })).status).toBe(401);
  });
});

describe("POST /api/shop/order and GET /api/shop/order/{id}", () => {
  it("computes the order on the server; quantity 0 removes a line and repeated products add up", async () => {
    const res = await order([
      { productId: p.oneHour.id, quantity: 1 },
      { productId: p.fiveHours.id, quantity: 0 },
      { productId: p.oneHour.id, quantity: 2 },
    ]);
    expect(res.status).toBe(201);
    const got = orderSchema.parse((await as(w.studentToken, `/shop/order/${res.json.id}`)).json);
    expect(got).toMatchObject({ status: "pending", total: { amount: 10500, currency: "EUR" }, credit: { mode: "time", amount: 3 * HOUR } });
    expect(got.items.map((i) => [i.product.title, i.quantity, i.total.amount])).toEqual([["Pack 1 hora", 3, 10500]]);
  });

  it.each([
    ["no items", []],
    ["only zero quantities", [{ quantity: 0 }]],
  ])("refuses %s with the spec's message", async (_name, items) => {
    const res = await order((items as { quantity: number }[]).map((i) => ({ productId: p.oneHour.id, ...i })));
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: "NO_PRODUCT_SELECTED", message: "Debes seleccionar al menos un producto" });
  });

  it.each([
    ["an empty body", {}],
    ["a null list", { items: null }],
    ["no body at all", undefined],
  ])("refuses %s with the spec's message and writes nothing", async (_name, body) => {
    const before = await countRows(ctx.db, "orders", w.tenant.id);
    const res = await as(w.studentToken, "/shop/order", "POST", body);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: "NO_PRODUCT_SELECTED", message: "Debes seleccionar al menos un producto" });
    expect(await countRows(ctx.db, "orders", w.tenant.id)).toBe(before);
  });

  it.each([
    ["items that are not a list", { items: "p1" }],
    ["an item without a product", { items: [{ quantity: 1 }] }],
  ])("still refuses %s as bad input", async (_name, body) => {
    const res = await as(w.studentToken, "/shop/order", "POST", body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.json.error).not.toBe("NO_PRODUCT_SELECTED");
  });

  it.each([
    ["a negative quantity", -1],
    ["a fractional quantity", 1.5],
    ["a quantity as text", "2"],
  ])("refuses %s", async (_name, quantity) => {
    const res = await order([{ productId: p.oneHour.id, quantity }]);
    expect(res.status).toBe(422);
  });

  it("refuses products that are not on sale: retired, of the other mode, of another school", async () => {
    const other = await createBookingWorld(ctx.db);
    const foreign = await createProducts(ctx.db, other.tenant);
    for (const productId of [p.retired.id, p.fifty.id, foreign.oneHour.id]) {
      const res = await order([{ productId, quantity: 1 }]);
      expect(res.status).toBe(422);
      expect(res.json.error).toBe("PRODUCT_NOT_AVAILABLE");
    }
  });

  it("shows an order only to its owner: another student or school gets 404", async () => {
    const { id } = (await order([{ productId: p.oneHour.id, quantity: 1 }])).json;
    const other = await addStudent(ctx.db, w, 0);
    expect((await as(other.token, `/shop/order/${id}`)).status).toBe(404);
    const otherSchool = await createBookingWorld(ctx.db);
    expect((await ctx.call(`/shop/order/${id}`, { host: otherSchool.tenant.host, token: otherSchool.studentToken })).status).toBe(404);
    expect((await as(w.studentToken, "/shop/order/not-a-uuid")).status).toBe(404);
    expect((await as(w.instructorToken, `/shop/order/${id}`)).status).toBe(403);
  });
});

describe("POST /api/shop/order/payment", () => {
  it("creates the order's PaymentIntent for the server's amount, then reuses it", async () => {
    await configureStripe(ctx.db, w.tenant);
    const { id } = (await order([{ productId: p.fiveHours.id, quantity: 2 }])).json;
    const first = await as(w.studentToken, "/shop/order/payment", "POST", { orderId: id, amount: 1 });
    expect(first.status).toBe(200);
    const intent = [...stripe.intents.values()].find((i) => first.json.clientSecret === i.client_secret)!;
    expect(intent).toMatchObject({ amount: 33000, currency: "eur", metadata: { tenant_id: w.tenant.id, order_id: id, student_id: w.student.id } });
    const again = await as(w.studentToken, "/shop/order/payment", "POST", { orderId: id });
    expect(again.json.clientSecret).toBe(first.json.clientSecret);
    expect(stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents" && r.idempotencyKey?.includes(id))).toHaveLength(1);

    // A cancelled intent is replaced by a new one.
    stripe.setStatus(intent.id, "canceled");
    const third = await as(w.studentToken, "/shop/order/payment", "POST", { orderId: id });
    expect(third.json.clientSecret).not.toBe(first.json.clientSecret);
  });

  it("two concurrent first calls get the same PaymentIntent", async () => {
    await configureStripe(ctx.db, w.tenant);
    const { id } = (await order([{ productId: p.oneHour.id, quantity: 1 }])).json;
    const [a, b] = await Promise.all([1, 2].map(() => as(w.studentToken, "/shop/order/payment", "POST", { orderId: id })));
    expect(a!.json.clientSecret).toBe(b!.json.clientSecret);
  });

  it("answers 409 without the school's keys, 404 for another student's order, 502 when Stripe cannot be reached", async () => {
    const { id } = (await order([{ productId: p.oneHour.id, quantity: 1 }])).json;
    const disabled = await as(w.studentToken, "/shop/order/payment", "POST", { orderId: id });
    expect(disabled.status).toBe(409);
    expect(disabled.json.error).toBe("PAYMENTS_NOT_CONFIGURED");

    await configureStripe(ctx.db, w.tenant);
    const other = await addStudent(ctx.db, w, 0);
    expect((await as(other.token, "/shop/order/payment", "POST", { orderId: id })).status).toBe(404);
    expect((await as(w.studentToken, "/shop/order/payment", "POST", {})).status).toBe(400);

    setStripeApiTarget({ host: "127.0.0.1", port: 9, protocol: "http" });
    try {
      const down = await as(w.studentToken, "/shop/order/payment", "POST", { orderId: id });
      expect(down.status).toBe(502);
      expect(down.json.error).toBe("PAYMENT_PROVIDER_ERROR");
    } finally {
      setStripeApiTarget({ host: stripe.host, port: stripe.port, protocol: stripe.protocol });
    }
  });

  it("sends the connected account when the school has one", async () => {
    await configureStripe(ctx.db, w.tenant, "acct_123");
    const { id } = (await order([{ productId: p.oneHour.id, quantity: 1 }])).json;
    await as(w.studentToken, "/shop/order/payment", "POST", { orderId: id });
    expect(stripe.requests.at(-1)).toMatchObject({ path: "/v1/payment_intents", account: "acct_123" });
  });
});

describe("GET /api/shop/stripe/public-key and stripe_charges_enabled", () => {
  it("answers the publishable key and account only, and charging follows the keys", async () => {
    const none = await as(w.studentToken, "/shop/stripe/public-key");
    expect(none.json).toEqual({ publicKey: null, stripeAccount: null });
    expect((await as(w.studentToken, "/config")).json.stripe_charges_enabled).toEqual({ value: "false" });

    const keys = await configureStripe(ctx.db, w.tenant, "acct_9");
    const res = await as(w.studentToken, "/shop/stripe/public-key");
    expect(stripePublicKeySchema.parse(res.json)).toEqual({ publicKey: keys.publishableKey, stripeAccount: "acct_9" });
    expect(res.text).not.toContain(keys.secretKey);
    expect(res.text).not.toContain(keys.webhookSecret);
    expect((await as(w.studentToken, "/config")).json.stripe_charges_enabled).toEqual({ value: "true" });
  });
});
