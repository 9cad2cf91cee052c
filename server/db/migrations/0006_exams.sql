-- Exams: exam dates with an inscription window, places per exam type and licence, registrations,
-- reserve lists and results. Places are never oversold: registrations take the slot's row lock and
-- exam_slots_count_ck refuses a count above the places.
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"inscriptions_opening" timestamp with time zone NOT NULL,
	"inscriptions_closing" timestamp with time zone NOT NULL,
	"location" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_window_ck" CHECK ("inscriptions_closing" > "inscriptions_opening" and "inscriptions_closing" <= "date")
);
--> statement-breakpoint
CREATE TABLE "exam_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"exam_type" smallint NOT NULL,
	"license_id" uuid NOT NULL,
	"places" integer NOT NULL,
	"visible_limit" integer NOT NULL,
	"registered_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_slots_type_ck" CHECK ("exam_type" between 1 and 3),
	CONSTRAINT "exam_slots_places_ck" CHECK ("places" >= -1 and "visible_limit" >= -1),
	CONSTRAINT "exam_slots_count_ck" CHECK ("registered_count" >= 0 and ("places" = -1 or "registered_count" <= "places"))
);
--> statement-breakpoint
CREATE TABLE "exam_attendances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text NOT NULL,
	"result" smallint DEFAULT 0 NOT NULL,
	"seq" bigserial NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"result_recorded_by" uuid,
	"result_recorded_at" timestamp with time zone,
	CONSTRAINT "exam_attendances_status_ck" CHECK ("status" in ('registered', 'backup', 'withdrawn')),
	CONSTRAINT "exam_attendances_result_ck" CHECK ("result" between 0 and 4)
);
--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exam_slots" ADD CONSTRAINT "exam_slots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exam_slots" ADD CONSTRAINT "exam_slots_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exam_slots" ADD CONSTRAINT "exam_slots_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exam_attendances" ADD CONSTRAINT "exam_attendances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exam_attendances" ADD CONSTRAINT "exam_attendances_slot_id_exam_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."exam_slots"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exam_attendances" ADD CONSTRAINT "exam_attendances_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exam_attendances" ADD CONSTRAINT "exam_attendances_result_recorded_by_users_id_fk" FOREIGN KEY ("result_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "exams_tenant_date_idx" ON "exams" USING btree ("tenant_id","date");
--> statement-breakpoint
CREATE UNIQUE INDEX "exam_slots_exam_type_license_uq" ON "exam_slots" USING btree ("exam_id","exam_type","license_id");
--> statement-breakpoint
CREATE INDEX "exam_slots_tenant_idx" ON "exam_slots" USING btree ("tenant_id","exam_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attendances_active_uq" ON "exam_attendances" USING btree ("slot_id","student_id") WHERE "status" in ('registered', 'backup');
--> statement-breakpoint
CREATE INDEX "exam_attendances_slot_idx" ON "exam_attendances" USING btree ("slot_id","status","seq");
--> statement-breakpoint
CREATE INDEX "exam_attendances_student_idx" ON "exam_attendances" USING btree ("tenant_id","student_id");
