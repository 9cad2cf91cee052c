CREATE TABLE "content_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"license_id" uuid NOT NULL REFERENCES "licenses"("id") ON DELETE CASCADE,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"storage_key" text,
	"mime_type" text,
	"size_bytes" bigint,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_type_ck" CHECK ("type" in ('document', 'video', 'iframe'))
);
--> statement-breakpoint
CREATE INDEX "content_items_license_idx" ON "content_items" USING btree ("tenant_id","license_id","position");
