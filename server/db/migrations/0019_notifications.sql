-- Notifications (issue 29): in the app, by Web Push and by e-mail, written in the transaction of the change that
-- causes them (an outbox) and delivered by a durable job queue in this same database (server/notifications/).

-- E-mail addresses are optional, trimmed, lower-cased and unique per school. Earlier versions stored whatever the
-- office typed: normalise them, drop blanks, and keep only the oldest user's copy of an address used twice (the
-- others are emptied rather than making the unique index below fail on a school's data).
UPDATE "users" SET "email" = nullif(lower(btrim("email")), '') WHERE "email" IS NOT NULL;
--> statement-breakpoint
UPDATE "users" u SET "email" = NULL
WHERE u."email" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "users" o
    WHERE o."tenant_id" = u."tenant_id" AND lower(o."email") = lower(u."email")
      AND (o."created_at", o."id") < (u."created_at", u."id")
  );
--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_email_uq" ON "users" USING btree ("tenant_id", lower("email")) WHERE "email" IS NOT NULL;
--> statement-breakpoint

-- One row per recipient. Always shown in the app; data holds ids only.
CREATE TABLE "notifications" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "category" text NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "link" text NOT NULL,
  "data" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "dedupe_key" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "read_at" timestamp with time zone
);
--> statement-breakpoint
-- "Once per freed slot", "one reminder": a second notify() with the same key for the same recipient is a no-op.
CREATE UNIQUE INDEX "notifications_dedupe_uq" ON "notifications" USING btree ("tenant_id", "user_id", "dedupe_key") WHERE "dedupe_key" IS NOT NULL;
--> statement-breakpoint
-- The list pages walk (created_at, id) newest first; the bell counts the unread by the partial index.
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("tenant_id", "user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("tenant_id", "user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint

-- One row per notification and channel it goes out by (push, e-mail). Its key is the send's idempotency key.
-- sent_to: the push subscriptions already served, so a retry after a partial failure serves only the others.
CREATE TABLE "notification_deliveries" (
  "notification_id" uuid NOT NULL REFERENCES "notifications"("id") ON DELETE cascade,
  "channel" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "last_error" text,
  "sent_at" timestamp with time zone,
  "skip_reason" text,
  "sent_to" text[] DEFAULT '{}'::text[] NOT NULL,
  CONSTRAINT "notification_deliveries_pk" PRIMARY KEY ("notification_id", "channel"),
  CONSTRAINT "notification_deliveries_channel" CHECK ("channel" IN ('push', 'email')),
  CONSTRAINT "notification_deliveries_status" CHECK ("status" IN ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint

-- The durable job queue (own table: see docs, "notifications' queue"). key is the job's idempotency key
-- (deliver:<notificationId>:<channel>, reminder:<reservationId>:<hours>, …). Claimed with FOR UPDATE SKIP LOCKED and
-- a lease (locked_until); done rows are kept a week so a repeated scheduleJob of a finished key stays a no-op.
CREATE TABLE "jobs" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "tenant_id" uuid REFERENCES "tenants"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "key" text NOT NULL,
  "payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "run_at" timestamp with time zone DEFAULT now() NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "max_attempts" integer DEFAULT 8 NOT NULL,
  "locked_by" text,
  "locked_until" timestamp with time zone,
  "last_error" text,
  "done_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "jobs_key_uq" UNIQUE ("key")
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "done_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at") WHERE "done_at" IS NOT NULL;
--> statement-breakpoint

-- Absent row = the category's default (server/notifications/preferences.ts). The push quiet hours are the row
-- (category 'quiet_hours', channel 'push').
CREATE TABLE "notification_preferences" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "category" text NOT NULL,
  "channel" text NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "enabled" boolean NOT NULL,
  CONSTRAINT "notification_preferences_pk" PRIMARY KEY ("user_id", "category", "channel"),
  CONSTRAINT "notification_preferences_channel" CHECK ("channel" IN ('push', 'email'))
);
--> statement-breakpoint

-- One row per device (its push service endpoint). The same endpoint subscribed again (by anyone) replaces the row.
CREATE TABLE "push_subscriptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "user_agent" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_success_at" timestamp with time zone,
  CONSTRAINT "push_subscriptions_endpoint_uq" UNIQUE ("endpoint")
);
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("tenant_id", "user_id");
--> statement-breakpoint

-- 'Avísame si se libera un hueco': a student, an instructor and a day or a week (dates inclusive, school time).
CREATE TABLE "slot_alerts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "student_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "instructor_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "from_date" date NOT NULL,
  "to_date" date NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ended_at" timestamp with time zone,
  "end_reason" text,
  CONSTRAINT "slot_alerts_range" CHECK ("to_date" >= "from_date" AND "to_date" - "from_date" <= 6),
  CONSTRAINT "slot_alerts_end_reason" CHECK ("end_reason" IS NULL OR "end_reason" IN ('booked', 'expired', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "slot_alerts_active_uq" ON "slot_alerts" USING btree ("student_id", "instructor_id", "from_date", "to_date") WHERE "ended_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "slot_alerts_instructor_active_idx" ON "slot_alerts" USING btree ("tenant_id", "instructor_id", "from_date") WHERE "ended_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "slot_alerts_student_active_idx" ON "slot_alerts" USING btree ("tenant_id", "student_id") WHERE "ended_at" IS NULL;
