import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { clearKeys, countFailure, findKeys, setBackoff } from "./throttle.repository";

export const THROTTLE = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perAddress: 20,
  firstBackoffMs: 30_000,
  maxBackoffMs: 15 * 60_000,
};

/** 30 s after the limit is reached, doubling with every further failure, never more than 15 minutes. */
export const backoffMs = (failures: number, limit: number) =>
  Math.min(THROTTLE.maxBackoffMs, THROTTLE.firstBackoffMs * 2 ** Math.max(0, failures - limit));

export type ThrottleKeys = { account: string; address: string | null; pair: string | null };

/**
 * The account counter is keyed on the resolved user (username and DNI share it); an unknown login gets its own.
 * The address is null when the API cannot trust it (no trusted proxy): then only the account counter applies.
 */
export function throttleKeys(tenantId: string, userId: string | null, login: string, clientIp: string): ThrottleKeys {
  const account = userId ? `${tenantId}:user:${userId}` : `${tenantId}:login:${login.toLowerCase()}`;
  const known = clientIp !== "unknown" && clientIp !== "";
  return { account, address: known ? `${tenantId}:ip:${clientIp}` : null, pair: known ? `${account}:ip:${clientIp}` : null };
}

const tooMany = (until: Date, now: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError("TOO_MANY_ATTEMPTS", `Demasiados intentos fallidos. Inténtalo de nuevo en ${Math.ceil(seconds / 60)} minuto(s).`, 429, {
    retryAfterSeconds: seconds,
  });
};

/**
 * An account in back-off refuses only the clients that failed against it: the rightful user on another device or
 * network still signs in with the right password. An address in back-off (many failures on any account) is refused.
 */
export async function assertNotThrottled(db: Db, keys: ThrottleKeys, now: Date): Promise<void> {
  const rows = await findKeys(db, [keys.account, keys.address, keys.pair].filter((k): k is string => k !== null));
  const until = (key: string | null) => {
    const lock = key ? rows.get(key)?.lockedUntil : null;
    return lock && lock > now ? lock : null;
  };
  const addressUntil = until(keys.address);
  if (addressUntil) throw tooMany(addressUntil, now);
  const accountUntil = until(keys.account);
  const pairFailed = keys.pair === null || (rows.get(keys.pair)?.failures ?? 0) > 0;
  if (accountUntil && pairFailed) throw tooMany(accountUntil, now);
}

export async function recordLoginFailure(db: Db, keys: ThrottleKeys, now: Date): Promise<void> {
  const account = await countFailure(db, keys.account, THROTTLE.windowMs, now);
  if (account >= THROTTLE.perAccount) await setBackoff(db, keys.account, new Date(now.getTime() + backoffMs(account, THROTTLE.perAccount)));
  if (keys.pair) await countFailure(db, keys.pair, THROTTLE.windowMs, now);
  if (keys.address) {
    const address = await countFailure(db, keys.address, THROTTLE.windowMs, now);
    if (address >= THROTTLE.perAddress) await setBackoff(db, keys.address, new Date(now.getTime() + backoffMs(address, THROTTLE.perAddress)));
  }
}

// The rightful user's success clears only their own client's record: an attacker's back-off on the account stays.
export const recordLoginSuccess = (db: Db, keys: ThrottleKeys) => clearKeys(db, [keys.pair ?? keys.account]);
