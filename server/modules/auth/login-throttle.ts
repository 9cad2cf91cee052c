import type { Db } from "../../db/client";
import { countOf } from "@/lib/format/plural";
import { AppError } from "../../http/errors";
import { clearKeys, countFailure, findKeys, setBackoff } from "./throttle.repository";

export const THROTTLE = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perDevice: 5,
  perAddress: 20,
  firstBackoffMs: 30_000,
  maxBackoffMs: 15 * 60_000,
};

/** 30 s after the limit is reached, doubling with every further failure, never more than 15 minutes. */
export const backoffMs = (failures: number, limit: number) =>
  Math.min(THROTTLE.maxBackoffMs, THROTTLE.firstBackoffMs * 2 ** Math.max(0, failures - limit));

/**
 * `device` is set only when the attempt presents a valid device token of this very user and school; then that
 * device's counter alone judges it. Otherwise the attempt is an unknown client: the account counter (keyed on the
 * resolved user, so username and DNI share it; an unknown login gets its own) and, when the address can be trusted
 * (TRUSTED_PROXY), the address counter.
 */
export type ThrottleKeys = { account: string; address: string | null; device: string | null };

export function throttleKeys(tenantId: string, userId: string | null, login: string, clientIp: string, deviceId: string | null = null): ThrottleKeys {
  const account = userId ? `${tenantId}:user:${userId}` : `${tenantId}:login:${login.toLowerCase()}`;
  const known = clientIp !== "unknown" && clientIp !== "";
  return {
    account,
    address: known ? `${tenantId}:ip:${clientIp}` : null,
    device: userId && deviceId ? `${account}:device:${deviceId}` : null,
  };
}

export const tooMany = (until: Date, now: Date, extra: Record<string, unknown> = {}) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError("TOO_MANY_ATTEMPTS", `Demasiados intentos fallidos. Inténtalo de nuevo en ${countOf(Math.ceil(seconds / 60), "minuto", "minutos")}.`, 429, {
    retryAfterSeconds: seconds,
    ...extra,
  });
};

export type Refusal = { kind: "device" | "address" | "account"; until: Date; failures: number };

/**
 * A device the user signed in from is refused only for its own failures: an attacker's failures (from any number
 * of addresses) back off the unknown clients of the account, never the rightful user's devices. `hasSolvedChallenge`
 * (a solved sign-in challenge, challenge.ts) lets an unknown client past the account's back-off, not the address's.
 */
export async function findRefusal(db: Db, keys: ThrottleKeys, now: Date, hasSolvedChallenge = false): Promise<Refusal | null> {
  const checked: [Refusal["kind"], string | null][] = keys.device
    ? [["device", keys.device]]
    : [["address", keys.address], ["account", hasSolvedChallenge ? null : keys.account]];
  const rows = await findKeys(db, checked.map(([, key]) => key).filter((k): k is string => k !== null));
  for (const [kind, key] of checked) {
    const row = key ? rows.get(key) : undefined;
    if (row?.lockedUntil && row.lockedUntil > now) return { kind, until: row.lockedUntil, failures: row.failures };
  }
  return null;
}

export async function recordLoginFailure(db: Db, keys: ThrottleKeys, now: Date): Promise<void> {
  if (keys.device) {
    const device = await countFailure(db, keys.device, THROTTLE.windowMs, now);
    if (device >= THROTTLE.perDevice) await setBackoff(db, keys.device, new Date(now.getTime() + backoffMs(device, THROTTLE.perDevice)));
    return;
  }
  const account = await countFailure(db, keys.account, THROTTLE.windowMs, now);
  if (account >= THROTTLE.perAccount) await setBackoff(db, keys.account, new Date(now.getTime() + backoffMs(account, THROTTLE.perAccount)));
  if (keys.address) {
    const address = await countFailure(db, keys.address, THROTTLE.windowMs, now);
    if (address >= THROTTLE.perAddress) await setBackoff(db, keys.address, new Date(now.getTime() + backoffMs(address, THROTTLE.perAddress)));
  }
}

// A success clears the device's own record only. The unknown clients' counter of the account is left to expire with
// its window: clearing it would erase an attacker's failures (and the user now holds a device cookie anyway).
export async function recordLoginSuccess(db: Db, keys: ThrottleKeys): Promise<void> {
  if (keys.device) await clearKeys(db, [keys.device]);
}
