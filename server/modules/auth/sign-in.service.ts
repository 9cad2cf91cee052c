import { randomUUID } from "node:crypto";
import type { LoginBody, LoginResponse } from "@/lib/contract/auth";
import { signDeviceToken, verifyDeviceToken } from "@/lib/session/device";
import type { Db } from "../../db/client";
import type { Tenant } from "../../http/context";
import { AppError } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { displayName, findUserByLogin, type UserRow } from "../users/users.repository";
import { issueToken } from "./auth.service";
import { issueChallenge, redeemChallenge } from "./challenge";
import { THROTTLE, findRefusal, recordLoginFailure, recordLoginSuccess, throttleKeys, tooMany } from "./login-throttle";
import { verifyPassword } from "./password";
import { countFailedSignIn, takeFailedSignIns } from "./sign-in.repository";

const INVALID_CREDENTIALS = "Usuario o contraseña incorrectos";

/** The client as the API knows it: its address when a trusted proxy states it ("unknown" otherwise), its device token. */
export type SignInClient = { ip: string; deviceToken: string | null };

export type SignInResult = { response: Required<Pick<LoginResponse, "token" | "deviceToken">> & Pick<LoginResponse, "failedAttempts">; userId: string };

const knownAddress = (ip: string) => (ip && ip !== "unknown" ? ip : null);

/**
 * Failed sign-ins of a known account are audited, but bounded: the first ten since the account's last successful
 * sign-in, then the 16th, 32nd, 64th… (each row carries the running count), so a sustained attack adds a few rows a
 * day, not one per guess. Unknown usernames are not audited at all (no account to attach them to; the access log
 * keeps its line per request).
 */
export const shouldAuditFailure = (count: number) => count <= 10 || (count & (count - 1)) === 0;

async function noteFailure(db: Db, tenant: Tenant, user: UserRow, deviceId: string | null, ip: string, hasSolvedChallenge: boolean) {
  const count = await countFailedSignIn(db, tenant.id, user.id);
  if (!shouldAuditFailure(count)) return;
  await recordAudit(db, tenant.id, null, {
    action: "auth.sign_in_failed",
    targetType: "user",
    targetId: user.id,
    details: { name: displayName(user), deviceId, address: knownAddress(ip), failedAttempts: count, ...(hasSolvedChallenge ? { challenge: true } : {}) },
  });
}

/**
 * `client.deviceToken` is what the BFF's device cookie holds (lib/session/device.ts): when it names this very user and
 * school, the attempt is judged by that device's own failures. A success answers a fresh one (same device id), and
 * how many sign-ins failed since the account's previous success (the shell tells the user once).
 */
export async function login(db: Db, tenant: Tenant, body: LoginBody, client: SignInClient, now = new Date()): Promise<SignInResult> {
  const login = body.username.trim();
  const user = await findUserByLogin(db, tenant.id, login);
  const device = await verifyDeviceToken(client.deviceToken, now);
  const deviceId = device && user && device.userId === user.id && device.tenantId === tenant.id ? device.deviceId : null;
  const keys = throttleKeys(tenant.id, user?.id ?? null, login, client.ip, deviceId);
  const hasSolvedChallenge = !keys.device && (await redeemChallenge(db, body.challenge, body.solution, keys.account, now));
  const refusal = await findRefusal(db, keys, now, hasSolvedChallenge);
  if (refusal) {
    // Only the account's back-off can be passed with a challenge: the same answer for a known or unknown username.
    const challenge = refusal.kind === "account" ? await issueChallenge(keys.account, refusal.failures, THROTTLE.perAccount, now) : null;
    throw tooMany(refusal.until, now, challenge ? { challenge } : {});
  }
  const isValid = await verifyPassword(user?.isActive ? user.passwordHash : null, body.password);
  if (!user || !isValid) {
    await recordLoginFailure(db, keys, now);
    if (user) await noteFailure(db, tenant, user, deviceId, client.ip, hasSolvedChallenge);
    throw new AppError("INVALID_CREDENTIALS", INVALID_CREDENTIALS, 401);
  }
  await recordLoginSuccess(db, keys);
  const failedAttempts = await takeFailedSignIns(db, tenant.id, user.id);
  const signedInDevice = deviceId ?? randomUUID();
  await recordAudit(db, tenant.id, { userId: user.id, roles: user.roles, name: displayName(user), impersonatorId: null }, {
    action: "auth.sign_in",
    targetType: "user",
    targetId: user.id,
    details: {
      name: displayName(user),
      deviceId: signedInDevice,
      isNewDevice: deviceId === null,
      address: knownAddress(client.ip),
      failedAttempts,
      ...(hasSolvedChallenge ? { challenge: true } : {}),
    },
  });
  return {
    response: {
      token: await issueToken(user, tenant),
      deviceToken: await signDeviceToken({ userId: user.id, tenantId: tenant.id, deviceId: signedInDevice }, now),
      failedAttempts,
    },
    userId: user.id,
  };
}
