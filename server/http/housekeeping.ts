import { createMiddleware } from "hono/factory";
import { lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { idempotencyKeys } from "../db/schema/reservations";
import { purgeThrottle } from "../modules/auth/throttle.repository";
import { safeErrorSummary } from "../db/pg-errors";
import { getLogger } from "../logger";
import type { AppEnv } from "./context";

const HOUR_MS = 3_600_000;
// Idempotency keys only guard retries of one booking (minutes); a day is generous. Throttle rows older than their
// window and back-off carry nothing; a day keeps a margin over the 15-minute window.
export const KEEP_IDEMPOTENCY_MS = 24 * HOUR_MS;
export const KEEP_THROTTLE_MS = 24 * HOUR_MS;

export async function purgeExpired(db: DbOrTx, now = new Date()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_IDEMPOTENCY_MS)));
  await purgeThrottle(db, new Date(now.getTime() - KEEP_THROTTLE_MS));
}

let lastRun = 0;

/**
 * Runs the purge at most once an hour per process, after the answer, from the ordinary request path (no scheduler
 * to deploy). A failure is only logged: housekeeping must never fail a user's request.
 */
export const housekeeping = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const now = Date.now();
  if (now - lastRun < HOUR_MS) return;
  lastRun = now;
  purgeExpired(c.var.db).catch((error: unknown) => getLogger().warn({ ...safeErrorSummary(error) }, "housekeeping purge failed"));
});
