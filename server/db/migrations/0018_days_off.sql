-- Days off over booked lessons (issue "Phone first"). A day off that covers requested or confirmed lessons is saved
-- only together with their annulment (availability.service.ts): the instructor's schedule lock is taken alone by the
-- day off (pg_advisory_xact_lock(72616018, hashtext(instructor_id))) and shared by every new active reservation here.
-- The check below runs with a fresh snapshot once the lock is held, so a booking whose read predates a day off that
-- committed meanwhile is refused with 40001 (the booking service retries, sees the day off and answers
-- SLOTS_UNAVAILABLE), and a day off never misses a booking made while it was being saved (it waits for it).
CREATE OR REPLACE FUNCTION "reservations_respect_days_off"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  IF NEW.status NOT IN ('requested', 'confirmed') THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(72616018, hashtext(NEW.instructor_id::text));
  SELECT t.time_zone INTO zone FROM tenants t WHERE t.id = NEW.tenant_id;
  IF EXISTS (
    SELECT 1 FROM availability_overrides o
    WHERE o.tenant_id = NEW.tenant_id
      AND o.instructor_id = NEW.instructor_id
      AND o.type = 'day_off'
      AND o.date BETWEEN (NEW.start_at AT TIME ZONE zone)::date - 1 AND (NEW.end_at AT TIME ZONE zone)::date
      AND tstzrange(
            (o.date + make_interval(mins => coalesce(o.start_minutes, 0))) AT TIME ZONE zone,
            (o.date + make_interval(mins => coalesce(o.end_minutes, 1440))) AT TIME ZONE zone,
            '[)'
          ) && tstzrange(NEW.start_at, NEW.end_at, '[)')
  ) THEN
    RAISE EXCEPTION 'the instructor has a day off at that time' USING ERRCODE = '40001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservations_respect_days_off"
  BEFORE INSERT ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservations_respect_days_off"();
