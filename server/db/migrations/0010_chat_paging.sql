-- Chat paging (security round three, "one student can make a conversation too heavy to read").
-- A message counter on the conversation: the messages' ETag is read from it (and the read marks) by primary key,
-- never from the history; sending a message already updates this row, which also serialises sends per conversation.
ALTER TABLE "conversations" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "conversations" c SET "message_count" = (SELECT count(*) FROM "messages" m WHERE m."conversation_id" = c."id");
--> statement-breakpoint
-- The administrator who wrote a message while acting as its author (impersonation); null otherwise.
ALTER TABLE "messages" ADD COLUMN "acted_by_id" uuid;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_acted_by_id_users_id_fk" FOREIGN KEY ("acted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Pages walk the stable key (created_at, id) of one conversation, both ways.
DROP INDEX IF EXISTS "messages_conversation_created_idx";
--> statement-breakpoint
CREATE INDEX "messages_conversation_created_id_idx" ON "messages" USING btree ("conversation_id","created_at","id");
--> statement-breakpoint
-- The per-author daily cap counts one author's messages of today in one conversation.
CREATE INDEX "messages_conversation_author_created_idx" ON "messages" USING btree ("conversation_id","author_id","created_at");
--> statement-breakpoint
-- Chat history outlives its users, like money history (migration 0002): deleting a user who has a conversation now
-- fails (23503 → STUDENT_IN_USE in the CAP delete) instead of erasing the school's conversations with them.
-- NO ACTION rather than RESTRICT so deleting a whole tenant, which cascades to both, still works.
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_user_low_id_fkey";
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_low_id_users_id_fk" FOREIGN KEY ("user_low_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_user_high_id_fkey";
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_high_id_users_id_fk" FOREIGN KEY ("user_high_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation_participants" DROP CONSTRAINT "conversation_participants_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation_participants" DROP CONSTRAINT "conversation_participants_partner_id_fkey";
--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_author_id_fkey";
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
