import { and, asc, count, eq, gte, inArray, lt, min, ne, sql } from "drizzle-orm";
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

// Serializes one student's order creation (reuse, cap, insert) across requests and replicas until the commit. The
// two-integer key space of advisory locks is apart from the single-bigint one (housekeeping, migrations).
const ORDER_LOCK_SPACE = 72_616_014;
export async function lockStudentOrders(tx: DbOrTx, tenantId: string, studentId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_LOCK_SPACE}, hashtext(${`${tenantId}:${studentId}`}))`);
}

// The student's open (pending, made since `since`) order for this very cart and amounts, if any.
export async function findOpenOrderForCart(
  db: DbOrTx,
  tenantId: string,
  studentId: string,
  cart: Pick<OrderRow, "cartKey" | "totalCents" | "creditMode" | "creditAmount">,
  since: Date,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.studentId, studentId),
        eq(orders.status, "pending"),
        gte(orders.createdAt, since),
        eq(orders.cartKey, cart.cartKey!),
        eq(orders.totalCents, cart.totalCents),
        eq(orders.creditMode, cart.creditMode),
        eq(orders.creditAmount, cart.creditAmount),
      ),
    )
    .limit(1);
  return row ?? null;
}

// How many open orders the student has, and when the oldest was made (it expires first).
export async function countOpenOrders(db: DbOrTx, tenantId: string, studentId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: min(orders.createdAt) })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.studentId, studentId), eq(orders.status, "pending"), gte(orders.createdAt, since)));
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
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

// Marks a pending or expired order paid (Stripe may complete a payment after the order expired here); null when it
// already was paid (the caller's transaction then credits nothing).
export async function markOrderPaid(db: DbOrTx, tenantId: string, id: string, movementId: string): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: "paid", movementId, paidAt: new Date() })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id), ne(orders.status, "paid")))
    .returning();
  return row ?? null;
}

// Every school's pending orders made before `cutoff` become 'expired', a batch at a time. The update is the claim:
// two replicas running it at once expire each order once (SKIP LOCKED: neither waits for the other).
export async function expirePendingOrders(db: DbOrTx, cutoff: Date, now: Date, limit: number): Promise<number> {
  const stale = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(orders)
    .set({ status: "expired", expiredAt: now })
    .where(and(inArray(orders.id, stale), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  return rows.length;
}

// Open intents of expired orders, not tried since `retryBefore`, claimed by moving their updated_at to `now`: another
// replica skips them until then, and one Stripe keeps refusing goes to the back of the queue.
export async function claimIntentsToCancel(db: DbOrTx, now: Date, retryBefore: Date, limit: number): Promise<PaymentIntentRow[]> {
  const due = db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .innerJoin(orders, eq(orders.id, paymentIntents.orderId))
    .where(and(eq(paymentIntents.status, "open"), eq(orders.status, "expired"), lt(paymentIntents.updatedAt, retryBefore)))
    .orderBy(asc(paymentIntents.updatedAt))
    .limit(limit)
    .for("update", { skipLocked: true, of: paymentIntents });
  return db
    .update(paymentIntents)
    .set({ updatedAt: now })
    .where(and(inArray(paymentIntents.id, due), eq(paymentIntents.status, "open")))
    .returning();
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
