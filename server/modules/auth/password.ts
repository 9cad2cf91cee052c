import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { serverEnv } from "../../env";
import { ConcurrencyLimiter } from "./hash-limiter";

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export type HashingLimits = { concurrency: number; queue: number };

/**
 * Every password hash and verification of this process goes through one limiter: anonymous requests (sign-ins with
 * made-up names, set-password links) cannot hold more than `concurrency` argon2 runs (~20 MiB and one core each)
 * at once, nor queue more than `queue` behind them; past that the request answers 503 SERVER_BUSY with Retry-After.
 * Default: twice the cores this process may use, and four times that many waiting (PASSWORD_HASH_CONCURRENCY /
 * _QUEUE): a waiting sign-in waits for at most four hashes' time (tens of milliseconds each), and clients that
 * send again at once wait their turn instead of coming back at once with a 503 (`npm run bench:auth`).
 */
export function defaultHashingLimits(env: { PASSWORD_HASH_CONCURRENCY?: number; PASSWORD_HASH_QUEUE?: number } = serverEnv): HashingLimits {
  const concurrency = env.PASSWORD_HASH_CONCURRENCY ?? 2 * availableParallelism();
  return { concurrency, queue: env.PASSWORD_HASH_QUEUE ?? 4 * concurrency };
}

const limiterFor = ({ concurrency, queue }: HashingLimits) => new ConcurrencyLimiter(concurrency, queue);
let limiter = limiterFor(defaultHashingLimits());

/** Replaces the limits (tests; a task already running or waiting finishes under the old ones). */
export function configurePasswordHashing(limits: HashingLimits = defaultHashingLimits()): void {
  limiter = limiterFor(limits);
}

/**
 * Runs a whole anonymous request (a sign-in, a set-password link) in one place of the limiter: its database work is
 * bounded with its hash, and the hash inside takes no second place. (server/http/public-auth-guard.ts)
 */
export function withHashingSlot<T>(task: () => Promise<T>): Promise<T> {
  return limiter.run(task);
}

export function hashPassword(password: string): Promise<string> {
  return limiter.run(() => hash(password, OPTIONS));
}

// The throw-away hash is made once, outside the limiter: it is this process's own work, not a client's.
let dummyHash: Promise<string> | null = null;

// Verifies against a throw-away hash when the account does not exist, so timing does not reveal usernames.
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash("volante-dummy-password", OPTIONS);
    const dummy = await dummyHash;
    await limiter.run(() => verify(dummy, password).catch(() => false));
    return false;
  }
  return limiter.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
