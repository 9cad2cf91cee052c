-- People (issue 31 §2): every user's phone number and the office's private notes about a student; and the indexes of
-- the office's home (§1), which reads the whole school's day at once where the other screens read one person's.

-- Spanish numbers only, stored in E.164 ('+34' and 9 digits from 6 to 9: lib/contract/phone.ts normalises what is typed).
ALTER TABLE "users" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_ck" CHECK ("phone" IS NULL OR "phone" ~ '^\+34[6-9][0-9]{8}$');
--> statement-breakpoint

-- What the office writes about a student (administrators only, every change audited). A note goes with its student.
CREATE TABLE "office_notes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "student_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "body" text NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "updated_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "office_notes_body_ck" CHECK (length(btrim("body")) BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE INDEX "office_notes_student_idx" ON "office_notes" USING btree ("tenant_id", "student_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint

-- The office's home: the school's lessons of a day (every instructor), its requests waiting for a decision, the card
-- payments and desk top-ups of a day, and the CAP sessions of a day.
CREATE INDEX "reservations_tenant_start_idx" ON "reservations" USING btree ("tenant_id", "start_at");
--> statement-breakpoint
CREATE INDEX "reservations_tenant_pending_idx" ON "reservations" USING btree ("tenant_id", "end_at", "id")
  WHERE "status" = 'requested' OR "cancellation_request_status" = 'pending';
--> statement-breakpoint
CREATE INDEX "orders_tenant_paid_idx" ON "orders" USING btree ("tenant_id", "paid_at") WHERE "status" = 'paid';
--> statement-breakpoint
CREATE INDEX "balance_movements_tenant_desk_idx" ON "balance_movements" USING btree ("tenant_id", "created_at")
  WHERE "description" = 'recarga_admin';
--> statement-breakpoint
CREATE INDEX "cap_sessions_tenant_start_idx" ON "cap_sessions" USING btree ("tenant_id", "start_at");
