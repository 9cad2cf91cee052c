-- Moving a lesson (issue 31 §5): a move changes a reservation's start and end in place (one UPDATE, so the old slot
-- is released and the new one taken together; the exclusion constraints of 0001 refuse an overlap). The day-off
-- check of 0018 ran on INSERT only: it now also runs when an active reservation's time changes, so a move whose read
-- predates a day off that committed meanwhile is refused with 40001 like a booking (the service retries and answers
-- SLOTS_UNAVAILABLE).
DROP TRIGGER IF EXISTS "reservations_respect_days_off" ON "reservations";
--> statement-breakpoint
CREATE TRIGGER "reservations_respect_days_off"
  BEFORE INSERT OR UPDATE OF "start_at", "end_at" ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservations_respect_days_off"();
