-- Payments, security round three. Orders: a pending order expires after 24 h (status 'expired', its PaymentIntent
-- cancelled at Stripe by the housekeeping; a payment Stripe still completes afterwards marks it paid); cart_key lets
-- the same cart reuse the student's open order; acted_by_id names the administrator who made it while acting as the
-- student (NO ACTION like every history reference, server/db/columns.ts).
-- payment_settings keeps its columns: secret_key and webhook_secret are sealed by the application (AES-256-GCM,
-- "enc1:" prefix), which SQL cannot do; a row in clear is sealed the first time it is read or rewritten.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_ck";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck" CHECK ("status" in ('pending', 'paid', 'expired'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_key" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "acted_by_id" uuid REFERENCES "users"("id") ON DELETE NO ACTION;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expired_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("created_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "payment_intents_open_idx" ON "payment_intents" USING btree ("updated_at") WHERE "status" = 'open';
