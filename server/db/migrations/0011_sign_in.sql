-- Sign-in: failed attempts since the last successful sign-in, told to the user once at the next one
-- (server/modules/auth/sign-in.service.ts). Used challenges of the sign-in live in auth_throttle (no new table).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "failed_sign_ins" integer DEFAULT 0 NOT NULL;
