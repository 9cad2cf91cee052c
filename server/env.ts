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
  BIOMETRIC_ENCRYPTION_KEY: z.string().optional(),
  SEED_ON_EMPTY: z.enum(["true", "false"]).default("false"),
});

export type ServerEnv = z.infer<typeof envSchema>;

export function readServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  return envSchema.parse(source);
}

export const serverEnv = readServerEnv();
export const isProduction = serverEnv.NODE_ENV === "production";
