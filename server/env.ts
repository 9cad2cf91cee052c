import path from "node:path";
import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  // "memory://" gives a throw-away in-memory database (tests).
  PGLITE_DIR: z.string().default(path.join(process.env.DATA_DIR ?? path.join(process.cwd(), ".data"), "pglite")),
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(60 * 60 * 12),
  API_PORT: z.coerce.number().int().positive().default(4000),
  // The at-rest key (server/biometrics/crypto.ts): face references and the schools' Stripe secret keys and webhook
  // secrets. Rotated with `npm run rotate:biometric-key`.
  BIOMETRIC_ENCRYPTION_KEY: z.string().optional(),
  // Shared with the BFF: only callers that send it may state the school's host and the client's address.
  INTERNAL_API_SECRET: z.string().min(32, "INTERNAL_API_SECRET must be at least 32 characters").optional(),
  // Concurrent password hashes/verifications per process, and how many more may wait (server/modules/auth/password.ts).
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(1024).optional(),
  // Requests per minute one client address may make to the public sign-in routes (server/http/address-limit.ts).
  AUTH_ADDRESS_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).optional(),
  SEED_ON_EMPTY: z.enum(["true", "false"]).default("false"),
  // Stripe test keys the demo seed gives its schools (each school's keys live in payment_settings afterwards).
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_ACCOUNT: z.string().optional(),
  // Where the stripe SDK sends its calls; unset: Stripe's own API. Tests point it at a local stand-in.
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  // Notifications (server/notifications/): e-mail is off without SMTP_URL (smtp://user:pass@host:587 or smtps://…);
  // SMTP_FROM is the sender's address (the school's name is its display name).
  SMTP_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://").optional()),
  SMTP_FROM: z.preprocess((v) => (v === "" ? undefined : v), z.string().email("SMTP_FROM must be an e-mail address").optional()),
  // Web Push (RFC 8292): keys as web-push prints them (URL-safe base64); outside production, generated once under
  // DATA_DIR/keys/vapid.json when unset. VAPID_SUBJECT: mailto: or https: contact of the operator.
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, "VAPID_SUBJECT must be a mailto: or https: URL").optional(),
});

export type ServerEnv = z.infer<typeof envSchema>;

export function readServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  return envSchema.parse(source);
}

export const serverEnv = readServerEnv();
export const isProduction = serverEnv.NODE_ENV === "production";
