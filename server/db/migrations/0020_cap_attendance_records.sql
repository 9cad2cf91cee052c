-- CAP attendance on record (issue 30 §3/§4): manual entries and exits with their reason and the acting administrator,
-- and an append-only history of corrections made after the session.
-- cap_attendances keeps the current times (the Ministry file reads them); each time carries how it was recorded:
-- method 'face' (verified capture), 'manual' (by hand: the fallback, or the spec's 'Añadir alumno a la sesión') or
-- 'correction' (changed after the session); reason (the fallback's list) and note ('Otro' text, or the correction's
-- reason); recorded_by (the administrator of a manual time or of the last correction). Every correction adds a row to
-- cap_attendance_corrections with the value it replaced, so the original and each step stay on record.
-- NO ACTION on the administrators, like every history reference (server/db/columns.ts, migration 0016).
ALTER TABLE "cap_attendances" ADD COLUMN "in_reason" text;
--> statement-breakpoint
ALTER TABLE "cap_attendances" ADD COLUMN "in_note" text;
--> statement-breakpoint
ALTER TABLE "cap_attendances" ADD COLUMN "in_recorded_by" uuid REFERENCES "users"("id") ON DELETE NO ACTION;
--> statement-breakpoint
ALTER TABLE "cap_attendances" ADD COLUMN "out_reason" text;
--> statement-breakpoint
ALTER TABLE "cap_attendances" ADD COLUMN "out_note" text;
--> statement-breakpoint
ALTER TABLE "cap_attendances" ADD COLUMN "out_recorded_by" uuid REFERENCES "users"("id") ON DELETE NO ACTION;
--> statement-breakpoint
ALTER TABLE "cap_attendances" ADD CONSTRAINT "cap_attendances_method_ck" CHECK (
  ("in_method" IS NULL OR "in_method" IN ('face', 'manual', 'correction'))
  AND ("out_method" IS NULL OR "out_method" IN ('face', 'manual', 'correction'))
);
--> statement-breakpoint
-- A reason belongs to a manual time; 'Otro' needs its text.
ALTER TABLE "cap_attendances" ADD CONSTRAINT "cap_attendances_reason_ck" CHECK (
  ("in_reason" IS NULL OR ("in_method" = 'manual' AND "in_reason" IN ('face-failed', 'camera-unavailable', 'forgot-exit', 'other')))
  AND ("out_reason" IS NULL OR ("out_method" = 'manual' AND "out_reason" IN ('face-failed', 'camera-unavailable', 'forgot-exit', 'other')))
  AND ("in_reason" IS DISTINCT FROM 'other' OR length(trim(coalesce("in_note", ''))) > 0)
  AND ("out_reason" IS DISTINCT FROM 'other' OR length(trim(coalesce("out_note", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "cap_attendance_corrections" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "attendance_id" uuid NOT NULL REFERENCES "cap_attendances"("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  -- The value replaced (null: the time was missing, e.g. a forgotten exit) and how it had been recorded.
  "previous_at" timestamp with time zone,
  "previous_method" text,
  "previous_reason" text,
  "previous_note" text,
  "previous_recorded_by" uuid REFERENCES "users"("id") ON DELETE NO ACTION,
  "new_at" timestamp with time zone NOT NULL,
  "reason" text NOT NULL,
  "corrected_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE NO ACTION,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "cap_attendance_corrections_type_ck" CHECK ("type" IN ('in', 'out')),
  CONSTRAINT "cap_attendance_corrections_reason_ck" CHECK (length(trim("reason")) > 0)
);
--> statement-breakpoint
CREATE INDEX "cap_attendance_corrections_attendance_idx" ON "cap_attendance_corrections" ("attendance_id", "created_at");
--> statement-breakpoint
CREATE INDEX "cap_attendance_corrections_tenant_idx" ON "cap_attendance_corrections" ("tenant_id");
--> statement-breakpoint
-- Append-only: no row is ever changed, and none is deleted on its own. Deleting its attendance (a student's GDPR
-- erasure, a tenant's removal) still takes it along: that delete reaches it through the foreign key's cascade, a
-- trigger nested in the statement (pg_trigger_depth() > 1).
CREATE OR REPLACE FUNCTION "cap_attendance_corrections_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR pg_trigger_depth() = 1 THEN
    RAISE EXCEPTION 'cap_attendance_corrections is append-only' USING ERRCODE = '55000';
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cap_attendance_corrections_append_only"
  BEFORE UPDATE OR DELETE ON "cap_attendance_corrections"
  FOR EACH ROW EXECUTE FUNCTION "cap_attendance_corrections_append_only"();
