-- Security (issue 12). Money and history rows must outlive any attempt to delete their user: deleting a user
-- with reservations, a balance or ledger movements now fails (23503 → STUDENT_IN_USE) instead of cascading.
-- NO ACTION rather than RESTRICT: both refuse a direct delete, but NO ACTION is checked at the end of the
-- statement, so deleting a whole tenant (which cascades to users and to these rows together) still works.
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_student_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_instructor_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" DROP CONSTRAINT "balances_student_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" DROP CONSTRAINT "balance_movements_student_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Session revocation: the token carries this number; logout and a password change increase it.
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;
