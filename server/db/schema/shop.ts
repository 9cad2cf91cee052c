import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenants, users } from "./core";
import { balanceMovements } from "./reservations";
import { createdAt, historyUserRef, tenantId } from "../columns";

const creditMode = (name: string) => text(name, { enum: ["time", "money"] }).notNull();

// What a student can buy. credit_amount is seconds (time mode) or cents (money mode) added per unit.
export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    title: text("title").notNull(),
    description: text("description"),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    creditMode: creditMode("credit_mode"),
    creditAmount: integer("credit_amount").notNull(),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("products_tenant_idx").on(t.tenantId, t.position),
    check("products_price_ck", sql`${t.priceCents} >= 50 and ${t.creditAmount} > 0`),
    check("products_mode_ck", sql`${t.creditMode} in ('time', 'money')`),
  ],
);

// An order: its amounts are computed on the server from the products when it is created. A pending order expires
// 24 h after it was made (status 'expired', its PaymentIntent cancelled at Stripe); a payment that Stripe still
// completes afterwards marks it paid and credits it. cart_key names the cart (product:quantity, sorted) so the same
// cart reuses the open order; acted_by_id is the administrator who made it while impersonating the student.
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    studentId: historyUserRef("student_id"),
    status: text("status", { enum: ["pending", "paid", "expired"] }).notNull().default("pending"),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    creditMode: creditMode("credit_mode"),
    creditAmount: integer("credit_amount").notNull(),
    movementId: uuid("movement_id").references(() => balanceMovements.id, { onDelete: "no action" }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cartKey: text("cart_key"),
    actedById: uuid("acted_by_id").references(() => users.id, { onDelete: "no action" }),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_student_idx").on(t.tenantId, t.studentId, t.createdAt),
    index("orders_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // The office's home: the day's card payments (migration 0022).
    index("orders_tenant_paid_idx").on(t.tenantId, t.paidAt).where(sql`${t.status} = 'paid'`),
    uniqueIndex("orders_movement_uq").on(t.movementId),
    check("orders_amounts_ck", sql`${t.totalCents} > 0 and ${t.creditAmount} > 0`),
    check("orders_status_ck", sql`${t.status} in ('pending', 'paid', 'expired')`),
  ],
);

// The order's lines, with the product's title and price as they were when the order was made.
export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "no action" }),
    title: text("title").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    totalCents: integer("total_cents").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.tenantId, t.orderId),
    check("order_items_quantity_ck", sql`${t.quantity} > 0 and ${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`),
  ],
);

// One Stripe PaymentIntent of an order. `status` is ours: 'open' until Stripe tells us it succeeded, failed or was
// cancelled. A succeeded intent credits the balance once: the conditional update to 'succeeded' settles it.
export const paymentIntents = pgTable(
  "payment_intents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "no action" }),
    stripeId: text("stripe_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    status: text("status", { enum: ["open", "succeeded", "failed", "canceled"] }).notNull().default("open"),
    movementId: uuid("movement_id").references(() => balanceMovements.id, { onDelete: "no action" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_intents_stripe_uq").on(t.tenantId, t.stripeId),
    uniqueIndex("payment_intents_movement_uq").on(t.movementId),
    index("payment_intents_order_idx").on(t.tenantId, t.orderId, t.createdAt),
    index("payment_intents_open_idx").on(t.updatedAt).where(sql`${t.status} = 'open'`),
    check("payment_intents_status_ck", sql`${t.status} in ('open', 'succeeded', 'failed', 'canceled')`),
  ],
);

// Webhook events already applied: a redelivered event is acknowledged and changes nothing.
export const stripeWebhookEvents = pgTable(
  "stripe_webhook_events",
  {
    tenantId: tenantId(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.eventId] })],
);

// The school's Stripe account. Server-side only: never answered to a browser, never logged. secret_key and
// webhook_secret are sealed (AES-256-GCM, "enc1:" + base64, bound to the school and the column: payment-secrets.ts);
// a row written before migration 0014 holds them in clear until it is first read or rewritten.
export const paymentSettings = pgTable("payment_settings", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  secretKey: text("secret_key").notNull(),
  publishableKey: text("publishable_key").notNull(),
  webhookSecret: text("webhook_secret").notNull(),
  stripeAccount: text("stripe_account"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// The office's manual changes (cash at the counter, corrections): the reason and who did it, next to the movement.
export const balanceAdjustments = pgTable(
  "balance_adjustments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    studentId: historyUserRef("student_id"),
    movementId: uuid("movement_id")
      .notNull()
      .references(() => balanceMovements.id, { onDelete: "no action" }),
    reason: text("reason").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("balance_adjustments_movement_uq").on(t.movementId),
    index("balance_adjustments_student_idx").on(t.tenantId, t.studentId),
  ],
);
