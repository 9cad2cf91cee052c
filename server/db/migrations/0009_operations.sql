-- Tenants managed without code (npm run tenant): a tenant can be switched off, and its logos and icons live in the
-- database so every container of a tenant group serves them without a shared disk.
ALTER TABLE "tenants" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "tenant_assets" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "content_type" text NOT NULL,
  "data" bytea NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "tenant_assets_pk" PRIMARY KEY ("tenant_id", "name")
);
