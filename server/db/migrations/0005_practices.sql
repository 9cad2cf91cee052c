CREATE TABLE "practices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"reservation_id" uuid REFERENCES "reservations"("id") ON DELETE no action,
	"student_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE no action,
	"instructor_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE no action,
	"license_id" uuid NOT NULL REFERENCES "licenses"("id") ON DELETE no action,
	"vehicle_id" uuid REFERENCES "vehicles"("id") ON DELETE no action,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"km_start" integer,
	"km_end" integer,
	"observations" text,
	"student_signature" text,
	"instructor_signature" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practices_range_ck" CHECK ("end_at" > "start_at"),
	CONSTRAINT "practices_km_ck" CHECK ("km_start" >= 0 and "km_end" >= "km_start" and "km_end" <= 2000000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "practices_reservation_uq" ON "practices" ("reservation_id");
--> statement-breakpoint
CREATE INDEX "practices_student_idx" ON "practices" ("tenant_id","student_id","start_at");
--> statement-breakpoint
CREATE INDEX "practices_instructor_idx" ON "practices" ("tenant_id","instructor_id","start_at");
--> statement-breakpoint
CREATE TABLE "school_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"url" text,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_events_range_ck" CHECK ("end_at" > "start_at")
);
--> statement-breakpoint
CREATE INDEX "school_events_tenant_idx" ON "school_events" ("tenant_id","start_at");
--> statement-breakpoint
CREATE TABLE "calendar_feed_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_user_uq" ON "calendar_feed_tokens" ("tenant_id","user_id");
