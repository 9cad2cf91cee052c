import path from "node:path";
import { z } from "zod";

// Settings of the Next.js side (proxy.ts and the BFF). The API's own settings live in server/env.ts.
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATA_DIR: z.string().default(path.join(process.cwd(), ".data")),
  DRIVING_SCHOOL_API_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  JWT_PUBLIC_KEY: z.string().optional(),
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
});

export const appEnv = envSchema.parse(process.env);
export const isProduction = appEnv.NODE_ENV === "production";
export const cookieSecure = appEnv.COOKIE_SECURE ? appEnv.COOKIE_SECURE === "true" : isProduction;
