import { createMiddleware } from "hono/factory";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema/reservations";
import { purgeThrottle } from "../modules/auth/throttle.repository";
import { expireOrders } from "../modules/shop/order-expiry";
import { safeErrorSummary } from "../db/pg-errors";
import { getLogger } from "../logger";
import type { AppEnv } from "./context";

const HOUR_MS = 3_600_000;
// Idempotency keys only guard retries of one booking (minutes); a day is generous. Throttle rows older than their
// window and back-off carry nothing; a day keeps a margin over the 15-minute window.
export const KEEP_IDEMPOTENCY_MS = 24 * HOUR_MS;
export const KEEP_THROTTLE_MS = 24 * HOUR_MS;
export const DEFAULT_INTERVAL_MS = HOUR_MS;
const MIN_INTERVAL_MS = 60_000;
const MAX_INTERVAL_MS = 24 * HOUR_MS;
// Any constant shared by every replica (the migrations use 72_616_001): one purge at a time per database.
export const HOUSEKEEPING_LOCK_KEY = 72_616_002;

/**
 * Deletes expired idempotency keys and login-throttle rows. Replicas of a tenant group share the database: the one
 * that holds the advisory lock purges, the others skip this round (false) instead of repeating the same deletes.
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK_KEY}) as locked`);
    if (!(result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return false;
    await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_IDEMPOTENCY_MS)));
    await purgeThrottle(tx, new Date(now.getTime() - KEEP_THROTTLE_MS));
    return true;
  });
}

/** HOUSEKEEPING_INTERVAL_MS (1 minute to 24 hours; default 1 hour). A wrong value is logged and the default used. */
export function housekeepingIntervalMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.HOUSEKEEPING_INTERVAL_MS;
  if (raw === undefined || raw === "") return DEFAULT_INTERVAL_MS;
  const value = Number(raw);
  if (Number.isInteger(value) && value >= MIN_INTERVAL_MS && value <= MAX_INTERVAL_MS) return value;
  getLogger().warn({ value: raw }, `HOUSEKEEPING_INTERVAL_MS must be whole milliseconds from ${MIN_INTERVAL_MS} to ${MAX_INTERVAL_MS}: using ${DEFAULT_INTERVAL_MS}`);
  return DEFAULT_INTERVAL_MS;
}

/**
 * Purges now and then every `intervalMs`, whether requests come or not. The timer is unref'd: it never keeps a
 * process alive that is otherwise shutting down. A failure is only logged. `stop()` ends the schedule and resolves
 * once a round still running has finished: nothing is deleted after it resolves.
 */
export function startHousekeeping(db: Db, intervalMs: number): { stop: () => Promise<void>; timer: NodeJS.Timeout } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    const round = Promise.all([
      purgeExpired(db).catch((error: unknown) => getLogger().warn({ ...safeErrorSummary(error) }, "housekeeping purge failed")),
      // Unpaid orders past their day, and their PaymentIntents at Stripe: safe on every replica (conditional updates).
      expireOrders(db).catch((error: unknown) => getLogger().warn({ ...safeErrorSummary(error) }, "housekeeping order expiry failed")),
    ]);
    // A round can outlast the interval: stop() waits for every round still running, not only the last one started.
    running = Promise.all([running, round]);
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
    timer,
  };
}

const state = globalThis as unknown as { __volanteHousekeeping?: ReturnType<typeof startHousekeeping> };

/**
 * Schedules the purge in this long-running process, once, on its first API request (the database is known from
 * then on; the probes answer before it and do not start it). After the answer: it never delays a user's request.
 */
export const housekeeping = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  state.__volanteHousekeeping ??= startHousekeeping(c.var.db, housekeepingIntervalMs());
});
