-- Desk sales and payment receipts (issue 31 §3).

-- The school's details printed on its receipts and shown to students (office hours and phone).
CREATE TABLE "school_details" (
  "tenant_id" uuid PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "legal_name" text DEFAULT '' NOT NULL,
  "tax_id" text DEFAULT '' NOT NULL,
  "address" text DEFAULT '' NOT NULL,
  "phone" text,
  "office_hours" text DEFAULT '' NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The last receipt number of a school and year: the sale's transaction increments it under the row's lock, so the
-- numbers have no gaps (a rolled-back sale rolls its number back) and no repeats.
CREATE TABLE "receipt_counters" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "year" integer NOT NULL,
  "last_number" integer NOT NULL,
  CONSTRAINT "receipt_counters_pk" PRIMARY KEY ("tenant_id", "year"),
  CONSTRAINT "receipt_counters_number_ck" CHECK ("last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "desk_sales" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "student_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE no action,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE no action,
  "product_title" text NOT NULL,
  "unit_price_cents" integer NOT NULL,
  "quantity" integer NOT NULL,
  "list_total_cents" integer NOT NULL,
  "total_cents" integer NOT NULL,
  "discount_reason" text,
  "payment_method" text NOT NULL,
  "amount_taken_cents" integer NOT NULL,
  "credit_mode" text NOT NULL,
  "credit_amount" integer NOT NULL,
  "movement_id" uuid NOT NULL REFERENCES "balance_movements"("id") ON DELETE no action,
  "receipt_year" integer NOT NULL,
  "receipt_number" integer NOT NULL,
  "sold_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "desk_sales_amounts_ck" CHECK ("quantity" > 0 AND "list_total_cents" = "unit_price_cents" * "quantity"
    AND "total_cents" > 0 AND "total_cents" <= "list_total_cents" AND "credit_amount" > 0),
  CONSTRAINT "desk_sales_discount_ck" CHECK (("total_cents" = "list_total_cents") = ("discount_reason" IS NULL)),
  CONSTRAINT "desk_sales_method_ck" CHECK ("payment_method" IN ('cash', 'card', 'transfer', 'bizum')),
  CONSTRAINT "desk_sales_taken_ck" CHECK (CASE WHEN "payment_method" = 'cash' THEN "amount_taken_cents" >= "total_cents"
    ELSE "amount_taken_cents" = "total_cents" END),
  CONSTRAINT "desk_sales_mode_ck" CHECK ("credit_mode" IN ('time', 'money'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "desk_sales_movement_uq" ON "desk_sales" ("movement_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "desk_sales_receipt_uq" ON "desk_sales" ("tenant_id", "receipt_year", "receipt_number");
--> statement-breakpoint
CREATE INDEX "desk_sales_tenant_day_idx" ON "desk_sales" ("tenant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "desk_sales_student_idx" ON "desk_sales" ("tenant_id", "student_id", "created_at");
