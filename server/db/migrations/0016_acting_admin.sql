-- What an administrator does while acting as a student is stored as the student's own, plus who really did it:
-- the booking (acted_by_id) and the student's cancellation or cancellation request (cancellation_acted_by_id).
-- NO ACTION rather than RESTRICT, like every history reference (server/db/columns.ts): the administrator's user cannot
-- be deleted while a row names them, yet deleting a whole tenant, which cascades to both, still works.
ALTER TABLE "reservations" ADD COLUMN "acted_by_id" uuid REFERENCES "users"("id") ON DELETE NO ACTION;
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancellation_acted_by_id" uuid REFERENCES "users"("id") ON DELETE NO ACTION;
