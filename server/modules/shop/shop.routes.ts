import { Hono } from "hono";
import { uuidSchema } from "@/lib/contract/common";
import { createOrderBodySchema, orderPaymentBodySchema } from "@/lib/contract/shop";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { AppError } from "../../http/errors";
import { readBody, readParam } from "../../http/validate";
import { getLogger } from "../../logger";
import { createOrder, getOrder, getProducts, getPublicKey, startOrderPayment } from "./shop.service";
import { handleStripeWebhook } from "./webhook.service";

const student = requireRole("student");
const MAX_WEBHOOK_BYTES = 512 * 1024;

export const shopRoutes = new Hono<AppEnv>()
  .get("/shop/products", student, async (c) => c.json(await getProducts(c.var.db, c.var.tenant.id)))
  .post("/shop/order", student, async (c) => {
    const body = await readBody(c, createOrderBodySchema);
    const { id, isNew } = await createOrder(c.var.db, c.var.tenant.id, requireAuth(c), body);
    return c.json({ id }, isNew ? 201 : 200);
  })
  .post("/shop/order/payment", student, async (c) => {
    const { orderId } = await readBody(c, orderPaymentBodySchema);
    return c.json(await startOrderPayment(c.var.db, c.var.tenant.id, requireAuth(c).userId, orderId));
  })
  .get("/shop/order/:id", student, async (c) =>
    c.json(await getOrder(c.var.db, c.var.tenant.id, requireAuth(c).userId, readParam(c, "id", uuidSchema, "Pedido no encontrado"))),
  )
  .get("/shop/stripe/public-key", student, async (c) => c.json(await getPublicKey(c.var.db, c.var.tenant.id)))
  // Stripe calls this without a session: the signature over the raw body is the proof (checked in the service).
  .post("/shop/stripe/webhook", async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (raw.byteLength > MAX_WEBHOOK_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "La petición es demasiado grande");
    await handleStripeWebhook(c.var.db, c.var.tenant.id, raw, c.req.header("stripe-signature") ?? null, getLogger());
    return c.json({ received: true as const });
  });
