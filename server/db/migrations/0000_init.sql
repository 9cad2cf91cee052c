CREATE TABLE "biometric_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"image_mime" text NOT NULL,
	"image_encrypted" "bytea" NOT NULL,
	"embedding_encrypted" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biometric_references_student_uq" UNIQUE("student_id")
);
--> statement-breakpoint
CREATE TABLE "cap_attendances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"cap_session_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"in_at" timestamp with time zone,
	"out_at" timestamp with time zone,
	"in_method" text,
	"out_method" text,
	"in_distance" real,
	"out_distance" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cap_attendances_order_ck" CHECK ("cap_attendances"."out_at" is null or ("cap_attendances"."in_at" is not null and "cap_attendances"."out_at" > "cap_attendances"."in_at"))
);
--> statement-breakpoint
CREATE TABLE "cap_courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cap_courses_period_ck" CHECK ("cap_courses"."end_date" >= "cap_courses"."start_date")
);
--> statement-breakpoint
CREATE TABLE "cap_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"cap_course_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cap_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"cap_course_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cap_sessions_times_ck" CHECK ("cap_sessions"."end_at" > "cap_sessions"."start_at")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"authorization_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"actor_id" uuid,
	"acting_as_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"header_logo" text,
	"login_logo" text,
	"icons" jsonb NOT NULL,
	"theme_color" text DEFAULT '#0f766e' NOT NULL,
	"background_color" text DEFAULT '#ffffff' NOT NULL,
	"time_zone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"username" text,
	"dni" text,
	"first_name" text NOT NULL,
	"surname1" text DEFAULT '' NOT NULL,
	"surname2" text,
	"email" text,
	"profile_image" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"password_hash" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availability_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"instructor_id" uuid NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"start_minutes" integer,
	"end_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_overrides_type_ck" CHECK ("availability_overrides"."type" in ('day_off', 'extra')),
	CONSTRAINT "availability_overrides_range_ck" CHECK (("availability_overrides"."start_minutes" is null and "availability_overrides"."end_minutes" is null and "availability_overrides"."type" = 'day_off')
        or ("availability_overrides"."start_minutes" >= 0 and "availability_overrides"."end_minutes" <= 1440 and "availability_overrides"."end_minutes" > "availability_overrides"."start_minutes"))
);
--> statement-breakpoint
CREATE TABLE "availability_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"instructor_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minutes" integer NOT NULL,
	"end_minutes" integer NOT NULL,
	CONSTRAINT "availability_rules_weekday_ck" CHECK ("availability_rules"."weekday" between 1 and 7),
	CONSTRAINT "availability_rules_range_ck" CHECK ("availability_rules"."start_minutes" >= 0 and "availability_rules"."end_minutes" <= 1440 and "availability_rules"."end_minutes" > "availability_rules"."start_minutes")
);
--> statement-breakpoint
CREATE TABLE "balance_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"reservation_id" uuid,
	"type" text NOT NULL,
	"operation" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"amount_before" integer NOT NULL,
	"amount_after" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "balance_movements_amount_ck" CHECK ("balance_movements"."amount" > 0 and "balance_movements"."amount_after" >= 0),
	CONSTRAINT "balance_movements_arith_ck" CHECK ("balance_movements"."amount_after" = case when "balance_movements"."operation" = 'top-up' then "balance_movements"."amount_before" + "balance_movements"."amount" else "balance_movements"."amount_before" - "balance_movements"."amount" end)
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_seconds_ck" CHECK ("balances"."seconds" >= 0),
	CONSTRAINT "balances_cents_ck" CHECK ("balances"."cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_user_id_key_pk" PRIMARY KEY("tenant_id","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "instructor_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"instructor_id" uuid NOT NULL,
	"license_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"instructor_id" uuid NOT NULL,
	"license_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"charge_mode" text NOT NULL,
	"charge_amount" integer NOT NULL,
	"cancellation_request_status" text,
	"cancellation_request_reason" text,
	"cancellation_requested_at" timestamp with time zone,
	"cancellation_response" text,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_range_ck" CHECK ("reservations"."end_at" > "reservations"."start_at"),
	CONSTRAINT "reservations_status_ck" CHECK ("reservations"."status" in ('requested', 'denied', 'confirmed', 'anulled', 'cancelled')),
	CONSTRAINT "reservations_charge_ck" CHECK ("reservations"."charge_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tenant_settings" (
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_settings_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"plate" text NOT NULL,
	"description" text,
	"license_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biometric_references" ADD CONSTRAINT "biometric_references_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biometric_references" ADD CONSTRAINT "biometric_references_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biometric_references" ADD CONSTRAINT "biometric_references_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_attendances" ADD CONSTRAINT "cap_attendances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_attendances" ADD CONSTRAINT "cap_attendances_cap_session_id_cap_sessions_id_fk" FOREIGN KEY ("cap_session_id") REFERENCES "public"."cap_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_attendances" ADD CONSTRAINT "cap_attendances_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_courses" ADD CONSTRAINT "cap_courses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_courses" ADD CONSTRAINT "cap_courses_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_enrollments" ADD CONSTRAINT "cap_enrollments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_enrollments" ADD CONSTRAINT "cap_enrollments_cap_course_id_cap_courses_id_fk" FOREIGN KEY ("cap_course_id") REFERENCES "public"."cap_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_enrollments" ADD CONSTRAINT "cap_enrollments_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_sessions" ADD CONSTRAINT "cap_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_sessions" ADD CONSTRAINT "cap_sessions_cap_course_id_cap_courses_id_fk" FOREIGN KEY ("cap_course_id") REFERENCES "public"."cap_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_sessions" ADD CONSTRAINT "cap_sessions_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_overrides" ADD CONSTRAINT "availability_overrides_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_overrides" ADD CONSTRAINT "availability_overrides_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_assignments" ADD CONSTRAINT "instructor_assignments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_assignments" ADD CONSTRAINT "instructor_assignments_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_assignments" ADD CONSTRAINT "instructor_assignments_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_assignments" ADD CONSTRAINT "instructor_assignments_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biometric_references_tenant_idx" ON "biometric_references" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cap_attendances_session_student_uq" ON "cap_attendances" USING btree ("cap_session_id","student_id");--> statement-breakpoint
CREATE INDEX "cap_attendances_student_idx" ON "cap_attendances" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "cap_courses_tenant_start_idx" ON "cap_courses" USING btree ("tenant_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "cap_enrollments_course_student_uq" ON "cap_enrollments" USING btree ("cap_course_id","student_id");--> statement-breakpoint
CREATE INDEX "cap_enrollments_student_idx" ON "cap_enrollments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "cap_sessions_course_start_idx" ON "cap_sessions" USING btree ("cap_course_id","start_at");--> statement-breakpoint
CREATE INDEX "cap_sessions_tenant_idx" ON "cap_sessions" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "sections_tenant_idx" ON "sections" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_created_idx" ON "audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_username_uq" ON "users" USING btree ("tenant_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_dni_uq" ON "users" USING btree ("tenant_id",upper("dni"));--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "availability_overrides_instructor_idx" ON "availability_overrides" USING btree ("tenant_id","instructor_id","date");--> statement-breakpoint
CREATE INDEX "availability_rules_instructor_idx" ON "availability_rules" USING btree ("tenant_id","instructor_id");--> statement-breakpoint
CREATE INDEX "balance_movements_student_idx" ON "balance_movements" USING btree ("tenant_id","student_id","seq");--> statement-breakpoint
CREATE INDEX "balances_tenant_idx" ON "balances" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instructor_assignments_uq" ON "instructor_assignments" USING btree ("tenant_id","student_id","instructor_id","license_id");--> statement-breakpoint
CREATE INDEX "instructor_assignments_instructor_idx" ON "instructor_assignments" USING btree ("tenant_id","instructor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_tenant_code_uq" ON "licenses" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "reservations_student_idx" ON "reservations" USING btree ("tenant_id","student_id","start_at");--> statement-breakpoint
CREATE INDEX "reservations_instructor_idx" ON "reservations" USING btree ("tenant_id","instructor_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_tenant_plate_uq" ON "vehicles" USING btree ("tenant_id",upper("plate"));