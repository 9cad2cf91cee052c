CREATE TABLE "password_setup_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "password_setup_tokens_hash_uq" ON "password_setup_tokens" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "password_setup_tokens_user_idx" ON "password_setup_tokens" USING btree ("tenant_id","user_id");
--> statement-breakpoint
CREATE TABLE "instructor_licenses" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"instructor_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"license_id" uuid NOT NULL REFERENCES "licenses"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructor_licenses_instructor_id_license_id_pk" PRIMARY KEY("instructor_id","license_id")
);
--> statement-breakpoint
CREATE INDEX "instructor_licenses_tenant_idx" ON "instructor_licenses" USING btree ("tenant_id");
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;
