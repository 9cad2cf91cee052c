-- Lists read a page at a time (cursor: a stable sort key plus id). The reservations' lists are keyed by their end
-- (upcoming and previous are defined by it), so each scope is one range of one index.
CREATE INDEX "reservations_student_end_idx" ON "reservations" ("tenant_id","student_id","end_at","id");
--> statement-breakpoint
CREATE INDEX "reservations_instructor_end_idx" ON "reservations" ("tenant_id","instructor_id","end_at","id");
--> statement-breakpoint
-- The instructor's 'pending' tab: few rows among many, read without walking the others.
CREATE INDEX "reservations_instructor_pending_idx" ON "reservations" ("tenant_id","instructor_id","end_at","id")
  WHERE "status" = 'requested' OR "cancellation_request_status" = 'pending';
--> statement-breakpoint
-- The student's own cancellations, counted by the daily limit (max_cancellations_per_day).
ALTER TABLE "reservations" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "reservations_student_cancelled_idx" ON "reservations" ("tenant_id","student_id","cancelled_at")
  WHERE "cancelled_at" IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "practices_student_idx";
--> statement-breakpoint
CREATE INDEX "practices_student_idx" ON "practices" ("tenant_id","student_id","start_at","id");
--> statement-breakpoint
DROP INDEX IF EXISTS "practices_instructor_idx";
--> statement-breakpoint
CREATE INDEX "practices_instructor_idx" ON "practices" ("tenant_id","instructor_id","start_at","id");
