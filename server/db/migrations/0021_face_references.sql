-- Several face references per CAP student (issue 30 §1). The first reference stays in "biometric_references", as
-- before (existing single references keep working unchanged); references 2..5 of the same enrolment live here, written
-- in the same transaction. Images and descriptors are AES-256-GCM ciphertexts bound to tenant, student and position.
CREATE TABLE "face_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"image_mime" text NOT NULL,
	"image_encrypted" "bytea" NOT NULL,
	"embedding_encrypted" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "face_references_student_position_uq" UNIQUE("student_id","position"),
	CONSTRAINT "face_references_position_ck" CHECK ("face_references"."position" between 2 and 5)
);
--> statement-breakpoint
ALTER TABLE "face_references" ADD CONSTRAINT "face_references_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_references" ADD CONSTRAINT "face_references_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_references" ADD CONSTRAINT "face_references_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_references_tenant_idx" ON "face_references" USING btree ("tenant_id");
