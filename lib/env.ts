import path from "node:path";
import { z } from "zod";

// Settings of the Next.js side (proxy.ts and the BFF). The API's own settings live in server/env.ts.
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATA_DIR: z.string().default(path.join(process.cwd(), ".data")),
  DRIVING_SCHOOL_API_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  JWT_PUBLIC_KEY: z.string().optional(),
  // Sent to a separate API (DRIVING_SCHOOL_API_URL) so that it believes X-Tenant-Host and X-Client-IP.
  INTERNAL_API_SECRET: z.string().min(32, "INTERNAL_API_SECRET must be at least 32 characters").optional(),
  // How many reverse proxies in front of Next append to X-Forwarded-For (unset: the client's address is not trusted).
  TRUSTED_PROXY: z.coerce.number().int().min(0).optional(),
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
});

export const appEnv = envSchema.parse(process.env);
export const isProduction = appEnv.NODE_ENV === "production";
export const cookieSecure = appEnv.COOKIE_SECURE ? appEnv.COOKIE_SECURE === "true" : isProduction;
