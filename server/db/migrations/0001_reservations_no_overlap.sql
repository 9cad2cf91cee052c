-- Double booking is impossible by construction: two active (requested or confirmed) reservations of the
-- same instructor, or of the same student, can never overlap. A concurrent insert waits for the other
-- transaction and then fails with SQLSTATE 23P01, which the booking service answers as SLOTS_UNAVAILABLE.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_instructor_no_overlap"
  EXCLUDE USING gist ("instructor_id" WITH =, tstzrange("start_at", "end_at", '[)') WITH &&)
  WHERE ("status" IN ('requested', 'confirmed'));
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_student_no_overlap"
  EXCLUDE USING gist ("student_id" WITH =, tstzrange("start_at", "end_at", '[)') WITH &&)
  WHERE ("status" IN ('requested', 'confirmed'));
