-- Calendar feed tokens are stored as their SHA-256 (hex), looked up by hash. The tokens stored before are hashed in
-- place with PostgreSQL's built-in sha256() (no pgcrypto, which PGlite lacks), so existing subscriptions keep working.
ALTER TABLE "calendar_feed_tokens" RENAME COLUMN "token" TO "token_hash";
--> statement-breakpoint
UPDATE "calendar_feed_tokens" SET "token_hash" = encode(sha256(convert_to("token_hash", 'UTF8')), 'hex');
