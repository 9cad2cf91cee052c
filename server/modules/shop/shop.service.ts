import type { CreateOrderBody, Order, Product, StripePublicKey } from "@/lib/contract/shop";
import { NO_PRODUCT_SELECTED_MESSAGE } from "@/lib/contract/constants/shop";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { createIntent, retrieveIntent } from "../../payments/stripe-gateway";
import type { ProviderKeys } from "../../payments/types";
import { recordAudit } from "../audit/audit.repository";
import { getBookingSettings } from "../config/config.service";
import { isPastExpiry, openOrdersSince, ORDER_TTL_MS } from "./order-expiry";
import { findPaymentKeys } from "./payment-settings.repository";
import {
  countOpenOrders,
  findOpenOrderForCart,
  findOrder,
  findProductsByIds,
  insertIntent,
  insertOrder,
  listIntentsOfOrder,
  listActiveProducts,
  listOrderItems,
  lockStudentOrders,
  type OrderRow,
  type ProductRow,
} from "./shop.repository";

const MAX_ORDER_CENTS = 1_000_000; // 10.000 €: far above any pack, below Stripe's limit
// Open (unpaid, under a day old) orders per student: room to change the cart a few times, not to mint PaymentIntents.
export const MAX_OPEN_ORDERS = 5;
const HOUR_MS = 3_600_000;
const ORDER_EXPIRED_MESSAGE = "Este pedido ha caducado. Vuelve a Recargar saldo para hacer uno nuevo.";

const money = (amount: number) => ({ amount, currency: "EUR" as const });

function toProduct(p: ProductRow): Product {
  return { id: p.id, title: p.title, description: p.description, price: money(p.priceCents), credit: { mode: p.creditMode, amount: p.creditAmount } };
}

export async function getProducts(db: DbOrTx, tenantId: string): Promise<Product[]> {
  const { balanceMode } = await getBookingSettings(db, tenantId);
  return (await listActiveProducts(db, tenantId, balanceMode)).map(toProduct);
}

function tooManyOpenOrders(oldest: Date | null, now: Date): AppError {
  const hours = oldest ? Math.max(1, Math.ceil((oldest.getTime() + ORDER_TTL_MS - now.getTime()) / HOUR_MS)) : 24;
  return new AppError(
    "TOO_MANY_OPEN_ORDERS",
    `Tienes demasiados pedidos sin pagar. Paga uno de ellos o vuelve a intentarlo dentro de ${hours === 1 ? "1 hora" : `${hours} horas`}.`,
    429,
  );
}

// The same products and quantities, in any order of lines: one key.
const cartKeyOf = (quantities: Map<string, number>) =>
  [...quantities].map(([id, quantity]) => `${id}:${quantity}`).sort().join(",");

/**
 * Prices and credits come from the products on the server; the browser only says which and how many. The student's
 * open order for the same cart is answered again (isNew false) instead of a second one, and at most MAX_OPEN_ORDERS
 * are open at a time. An administrator acting as the student is recorded on the order and in the audit log.
 */
export async function createOrder(db: Db, tenantId: string, auth: Auth, body: CreateOrderBody, now = new Date()): Promise<{ id: string; isNew: boolean }> {
  const studentId = auth.userId;
  const quantities = new Map<string, number>();
  for (const item of body.items) quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  for (const [id, quantity] of quantities) if (quantity === 0) quantities.delete(id);
  if (quantities.size === 0) throw new AppError("NO_PRODUCT_SELECTED", NO_PRODUCT_SELECTED_MESSAGE, 422);

  const { balanceMode } = await getBookingSettings(db, tenantId);
  const found = await findProductsByIds(db, tenantId, [...quantities.keys()]);
  const onSale = found.filter((p) => p.isActive && p.creditMode === balanceMode);
  if (onSale.length !== quantities.size) {
    throw new AppError("PRODUCT_NOT_AVAILABLE", "Alguno de los productos ya no está a la venta. Recarga la página.", 422);
  }
  const items = onSale.map((p) => {
    const quantity = quantities.get(p.id)!;
    return { tenantId, productId: p.id, title: p.title, unitPriceCents: p.priceCents, quantity, totalCents: p.priceCents * quantity };
  });
  const totalCents = items.reduce((sum, i) => sum + i.totalCents, 0);
  if (totalCents > MAX_ORDER_CENTS) throw new AppError("VALIDATION_ERROR", "El importe del pedido es demasiado alto", 422);
  const creditAmount = onSale.reduce((sum, p) => sum + p.creditAmount * quantities.get(p.id)!, 0);
  const cart = { cartKey: cartKeyOf(quantities), totalCents, creditMode: balanceMode, creditAmount };
  const since = openOrdersSince(now);
  return db.transaction(async (tx) => {
    await lockStudentOrders(tx, tenantId, studentId);
    const open = await findOpenOrderForCart(tx, tenantId, studentId, cart, since);
    if (open) return { id: open.id, isNew: false };
    const { count, oldest } = await countOpenOrders(tx, tenantId, studentId, since);
    if (count >= MAX_OPEN_ORDERS) throw tooManyOpenOrders(oldest, now);
    const order = await insertOrder(tx, { tenantId, studentId, ...cart, actedById: auth.impersonatorId }, items);
    if (auth.impersonatorId) {
      await recordAudit(tx, tenantId, auth, {
        action: "shop.order_created",
        targetType: "order",
        targetId: order.id,
        details: { student: auth.name, totalCents, mode: balanceMode, amount: creditAmount },
      });
    }
    return { id: order.id, isNew: true };
  });
}

// What the student sees: a pending order past its day is expired even before the housekeeping has marked it.
const statusOf = (order: OrderRow, now: Date): Order["status"] =>
  order.status === "pending" && isPastExpiry(order.createdAt, now) ? "expired" : order.status;

async function ownOrder(db: DbOrTx, tenantId: string, studentId: string, orderId: string) {
  const order = await findOrder(db, tenantId, orderId);
  // Another student's order is as absent as an unknown one.
  if (!order || order.studentId !== studentId) throw notFound("Pedido no encontrado");
  return order;
}

export async function getOrder(db: DbOrTx, tenantId: string, studentId: string, orderId: string, now = new Date()): Promise<Order> {
  const order = await ownOrder(db, tenantId, studentId, orderId);
  const items = await listOrderItems(db, tenantId, order.id);
  return {
    id: order.id,
    status: statusOf(order, now),
    items: items.map((i) => ({
      id: i.id,
      product: { id: i.productId, title: i.title, price: money(i.unitPriceCents) },
      quantity: i.quantity,
      total: money(i.totalCents),
    })),
    total: money(order.totalCents),
    credit: { mode: order.creditMode, amount: order.creditAmount },
  };
}

const paymentsDisabled = () =>
  new AppError("PAYMENTS_NOT_CONFIGURED", "El pago con tarjeta no está disponible en esta autoescuela", 409);

async function requireKeys(db: DbOrTx, tenantId: string): Promise<ProviderKeys> {
  const keys = await findPaymentKeys(db, tenantId);
  if (!keys) throw paymentsDisabled();
  return keys;
}

const REUSABLE = new Set(["requires_payment_method", "requires_confirmation", "requires_action", "processing"]);

// Reuses the order's open PaymentIntent; otherwise creates one. The idempotency key makes two concurrent first
// calls get the same intent from Stripe.
export async function startOrderPayment(db: Db, tenantId: string, studentId: string, orderId: string, now = new Date()): Promise<{ clientSecret: string }> {
  const order = await ownOrder(db, tenantId, studentId, orderId);
  const status = statusOf(order, now);
  if (status === "paid") throw new AppError("ORDER_ALREADY_PAID", "Este pedido ya está pagado", 409);
  if (status === "expired") throw new AppError("ORDER_EXPIRED", ORDER_EXPIRED_MESSAGE, 409);
  const keys = await requireKeys(db, tenantId);
  // One read gives both the current intent and the attempt number, so concurrent calls agree on the idempotency key.
  const intents = await listIntentsOfOrder(db, tenantId, order.id);
  const latest = intents.at(-1);
  if (latest) {
    const current = await retrieveIntent(keys, latest.stripeId);
    if (current.status === "succeeded") throw new AppError("ORDER_ALREADY_PAID", "Este pedido ya está pagado", 409);
    if (REUSABLE.has(current.status) && current.amountCents === order.totalCents && current.clientSecret) {
      return { clientSecret: current.clientSecret };
    }
  }
  const attempt = intents.length + 1;
  const intent = await createIntent(keys, {
    amountCents: order.totalCents,
    currency: order.currency,
    tenantId,
    orderId: order.id,
    studentId,
    description: `Recarga de saldo (pedido ${order.id})`,
    idempotencyKey: `volante-order-${order.id}-${attempt}`,
  });
  if (!intent.clientSecret || intent.amountCents !== order.totalCents) throw new AppError("PAYMENT_PROVIDER_ERROR", "Respuesta no válida del proveedor de pago", 502);
  await insertIntent(db, { tenantId, orderId: order.id, stripeId: intent.id, amountCents: intent.amountCents, currency: intent.currency });
  return { clientSecret: intent.clientSecret };
}

export async function getPublicKey(db: DbOrTx, tenantId: string): Promise<StripePublicKey> {
  const keys = await findPaymentKeys(db, tenantId);
  return { publicKey: keys?.publishableKey ?? null, stripeAccount: keys?.stripeAccount ?? null };
}
