import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orderItems, orders, paymentIntents, products, stripeWebhookEvents } from "../../db/schema/shop";

export type ProductRow = typeof products.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentIntentRow = typeof paymentIntents.$inferSelect;

export async function listActiveProducts(db: DbOrTx, tenantId: string, mode: "time" | "money"): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.isActive, true), eq(products.creditMode, mode)))
    .orderBy(asc(products.position), asc(products.priceCents));
}

export async function findProductsByIds(db: DbOrTx, tenantId: string, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(products).where(and(eq(products.tenantId, tenantId), inArray(products.id, ids)));
}

export async function insertOrder(
  db: DbOrTx,
  order: typeof orders.$inferInsert,
  items: Omit<typeof orderItems.$inferInsert, "orderId">[],
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  await db.insert(orderItems).values(items.map((i) => ({ ...i, orderId: row!.id })));
  return row!;
}

export async function findOrder(db: DbOrTx, tenantId: string, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(and(eq(orders.tenantId, tenantId), eq(orders.id, id))).limit(1);
  return row ?? null;
}

export async function listOrderItems(db: DbOrTx, tenantId: string, orderId: string): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.title));
}

// Marks a pending order paid; null when it already was (the caller's transaction then credits nothing).
export async function markOrderPaid(db: DbOrTx, tenantId: string, id: string, movementId: string): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: "paid", movementId, paidAt: new Date() })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id), eq(orders.status, "pending")))
    .returning();
  return row ?? null;
}

// Oldest first: the last one is the order's current intent, the count numbers the next attempt.
export async function listIntentsOfOrder(db: DbOrTx, tenantId: string, orderId: string): Promise<PaymentIntentRow[]> {
  return db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.tenantId, tenantId), eq(paymentIntents.orderId, orderId)))
    .orderBy(asc(paymentIntents.createdAt), asc(paymentIntents.id));
}

// Idempotent: two concurrent requests that got the same PaymentIntent from Stripe store it once.
export async function insertIntent(db: DbOrTx, intent: typeof paymentIntents.$inferInsert): Promise<void> {
  await db.insert(paymentIntents).values(intent).onConflictDoNothing();
}

// Row lock: deliveries of events about one PaymentIntent are applied one at a time.
export async function lockIntentByStripeId(db: DbOrTx, tenantId: string, stripeId: string): Promise<PaymentIntentRow | null> {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.tenantId, tenantId), eq(paymentIntents.stripeId, stripeId)))
    .for("update");
  return row ?? null;
}

// The settle of "exactly once": only one transaction moves an intent to 'succeeded'.
export async function markIntentSucceeded(db: DbOrTx, tenantId: string, id: string, movementId: string): Promise<boolean> {
  const rows = await db
    .update(paymentIntents)
    .set({ status: "succeeded", movementId, updatedAt: new Date() })
    .where(and(eq(paymentIntents.tenantId, tenantId), eq(paymentIntents.id, id), ne(paymentIntents.status, "succeeded")))
    .returning({ id: paymentIntents.id });
  return rows.length === 1;
}

// A failure or cancellation is recorded, but never over a success (events may arrive out of order).
export async function markIntentClosed(db: DbOrTx, tenantId: string, id: string, status: "failed" | "canceled"): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(paymentIntents.tenantId, tenantId), eq(paymentIntents.id, id), ne(paymentIntents.status, "succeeded")));
}

// true when this event id is new for the school (a redelivery answers false and changes nothing).
export async function recordWebhookEvent(
  db: DbOrTx,
  event: typeof stripeWebhookEvents.$inferInsert,
): Promise<boolean> {
  const rows = await db.insert(stripeWebhookEvents).values(event).onConflictDoNothing().returning({ id: stripeWebhookEvents.eventId });
  return rows.length === 1;
}
