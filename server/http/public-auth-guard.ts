import { createMiddleware } from "hono/factory";
import { serverEnv } from "../env";
import { withHashingSlot } from "../modules/auth/password";
import type { AppEnv } from "./context";
import { retryLater } from "./errors";

// The public calls that anyone may make and that cost the server a password hash: the sign-in and the end of a
// set-password link. (The Stripe webhook is public too, but comes from Stripe's addresses and proves itself with a
// signature before any work: limiting Stripe would only lose payments.)
export const PUBLIC_AUTH_PATHS = new Set(["/api/login", "/api/auth/set-password", "/api/auth/forgot-password"]);

export type AddressLimitOptions = { perMinute: number; maxAddresses?: number };
export type PublicAuthOptions = AddressLimitOptions & { failureDelayMs?: number };

// A refused public auth call answers no sooner than this after it arrived (a timer, no work): a client that sends
// again as soon as it is answered (a script, not a person) gets at most one refusal a second per connection instead
// of taking the process's every spare moment. Off in tests (NODE_ENV=test) unless asked for.
const defaultFailureDelayMs = () => (serverEnv.NODE_ENV === "test" ? 0 : 1000);

type Bucket = { tokens: number; at: number };

/**
 * A token bucket per client address over the public auth calls: `perMinute` calls at once, then one every
 * 60 / perMinute seconds. It protects this process's CPU, so it lives in this process (each replica has its own CPU
 * and its own buckets); the guessing limits that must hold across replicas are the login throttle's, in the database.
 * Applied only when the address is known (TRUSTED_PROXY states it): an unknown address is everyone's, and the
 * per-process bound on password hashes (modules/auth/password.ts) covers that case. At most `maxAddresses` buckets
 * are kept; the oldest makes room (it only forgets a client's past calls).
 */
export function createAddressLimiter({ perMinute, maxAddresses = 10_000 }: AddressLimitOptions) {
  const buckets = new Map<string, Bucket>();
  const refillPerMs = perMinute / 60_000;

  /** Takes one call from the address's bucket; answers the seconds to wait when it is empty, else 0. */
  function take(address: string, now = Date.now()): number {
    const bucket = buckets.get(address);
    const tokens = bucket ? Math.min(perMinute, bucket.tokens + (now - bucket.at) * refillPerMs) : perMinute;
    buckets.delete(address);
    if (buckets.size >= maxAddresses) buckets.delete(buckets.keys().next().value as string);
    if (tokens < 1) {
      buckets.set(address, { tokens, at: now });
      return Math.ceil((1 - tokens) / refillPerMs / 1000);
    }
    buckets.set(address, { tokens: tokens - 1, at: now });
    return 0;
  }

  return { take, get size() { return buckets.size; } };
}

/**
 * The public auth calls, before any work on the school or the body: (1) a known address over its rate answers 429;
 * (2) the whole call runs in one place of the per-process password-hashing limiter (modules/auth/password.ts), so
 * anonymous clients hold at most that many sign-ins (database work and hash) at once, a few more wait, and the rest
 * answer 503 at once, whatever their address: signed-in users' requests never queue behind them.
 */
export function publicAuthGuard(options: Partial<PublicAuthOptions> = {}) {
  const limiter = createAddressLimiter({ perMinute: options.perMinute ?? serverEnv.AUTH_ADDRESS_LIMIT_PER_MINUTE ?? 30, maxAddresses: options.maxAddresses });
  const failureDelayMs = options.failureDelayMs ?? defaultFailureDelayMs();
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== "POST" || !PUBLIC_AUTH_PATHS.has(c.req.path)) return next();
    const started = Date.now();
    try {
      const address = c.var.clientIp;
      if (address && address !== "unknown") {
        const wait = limiter.take(address);
        if (wait > 0) {
          throw retryLater("TOO_MANY_REQUESTS", `Demasiadas peticiones desde tu conexión. Inténtalo de nuevo en ${wait} ${wait === 1 ? "segundo" : "segundos"}.`, wait);
        }
      }
      await withHashingSlot(() => next());
      // Hono answers a thrown error in onError, below this middleware: the refusals are seen here as a status.
      if (c.res.status >= 400) await pause(started + failureDelayMs - Date.now());
    } catch (error) {
      await pause(started + failureDelayMs - Date.now());
      throw error;
    }
  });
}

const pause = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
