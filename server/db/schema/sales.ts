import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
// Relative, not "@/": drizzle-kit reads this file without the app's path aliases.
import { PAYMENT_METHODS } from "../../../lib/contract/constants/sales";
import { tenants, users } from "./core";
import { balanceMovements } from "./reservations";
import { products } from "./shop";
import { createdAt, historyUserRef, tenantId } from "../columns";

// Desk sales and payment receipts (issue 31 §3, migration 0023).

// The school's details for its receipts, and what a student without card payments is told (office hours, phone).
export const schoolDetails = pgTable("school_details", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull().default(""),
  taxId: text("tax_id").notNull().default(""),
  address: text("address").notNull().default(""),
  phone: text("phone"), // E.164
  officeHours: text("office_hours").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// The last receipt number of a school and year, incremented under its row lock in the sale's transaction.
export const receiptCounters = pgTable(
  "receipt_counters",
  {
    tenantId: tenantId(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ name: "receipt_counters_pk", columns: [t.tenantId, t.year] }), check("receipt_counters_number_ck", sql`${t.lastNumber} > 0`)],
);

// One sale at the desk: the product as it was sold, what was charged and how, the balance it credited (one ledger
// movement) and its receipt number (per school and year).
export const deskSales = pgTable(
  "desk_sales",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    studentId: historyUserRef("student_id"),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "no action" }),
    productTitle: text("product_title").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    listTotalCents: integer("list_total_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    discountReason: text("discount_reason"),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    amountTakenCents: integer("amount_taken_cents").notNull(),
    creditMode: text("credit_mode", { enum: ["time", "money"] }).notNull(),
    creditAmount: integer("credit_amount").notNull(),
    movementId: uuid("movement_id")
      .notNull()
      .references(() => balanceMovements.id, { onDelete: "no action" }),
    receiptYear: integer("receipt_year").notNull(),
    receiptNumber: integer("receipt_number").notNull(),
    soldBy: uuid("sold_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("desk_sales_movement_uq").on(t.movementId),
    uniqueIndex("desk_sales_receipt_uq").on(t.tenantId, t.receiptYear, t.receiptNumber),
    index("desk_sales_tenant_day_idx").on(t.tenantId, t.createdAt),
    index("desk_sales_student_idx").on(t.tenantId, t.studentId, t.createdAt),
    check(
      "desk_sales_amounts_ck",
      sql`${t.quantity} > 0 and ${t.listTotalCents} = ${t.unitPriceCents} * ${t.quantity} and ${t.totalCents} > 0 and ${t.totalCents} <= ${t.listTotalCents} and ${t.creditAmount} > 0`,
    ),
    check("desk_sales_discount_ck", sql`(${t.totalCents} = ${t.listTotalCents}) = (${t.discountReason} is null)`),
    check("desk_sales_method_ck", sql`${t.paymentMethod} in ('cash', 'card', 'transfer', 'bizum')`),
    check(
      "desk_sales_taken_ck",
      sql`case when ${t.paymentMethod} = 'cash' then ${t.amountTakenCents} >= ${t.totalCents} else ${t.amountTakenCents} = ${t.totalCents} end`,
    ),
    check("desk_sales_mode_ck", sql`${t.creditMode} in ('time', 'money')`),
  ],
);
