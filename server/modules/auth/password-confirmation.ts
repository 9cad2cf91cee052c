import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { findUserById } from "../users/users.repository";
import { findRefusal, recordLoginFailure, tooMany, type ThrottleKeys } from "./login-throttle";
import { verifyPassword } from "./password";

/**
 * A signed-in user types their password again before an act that stands on record without other proof (a CAP entry
 * by hand, a correction). The check goes through the process's hashing limiter (password.ts) and is throttled like
 * a sign-in (login-throttle.ts: 5 failures in 15 minutes, then a back-off from 30 s doubling to 15 minutes, 429
 * TOO_MANY_ATTEMPTS), on its own key per user: a stranger guessing the user's sign-in cannot lock the office out of
 * this, and a stolen session cannot guess the password faster than a sign-in could. Failures are audited.
 */
export const confirmationKeys = (tenantId: string, userId: string): ThrottleKeys => ({
  account: `${tenantId}:user:${userId}:confirm`,
  address: null,
  device: null,
});

export async function confirmPassword(db: Db, tenant: Tenant, auth: Auth, password: string, purpose: string, now = new Date()): Promise<void> {
  // The session's owner: an administrator acting as someone else confirms with their own password.
  const userId = auth.impersonatorId ?? auth.userId;
  const keys = confirmationKeys(tenant.id, userId);
  const refusal = await findRefusal(db, keys, now);
  if (refusal) throw tooMany(refusal.until, now);
  const user = await findUserById(db, tenant.id, userId);
  if (!user) throw notFound("Usuario no encontrado");
  if (await verifyPassword(user.isActive ? user.passwordHash : null, password)) return;
  await recordLoginFailure(db, keys, now);
  await recordAudit(db, tenant.id, auth, { action: "auth.password_confirmation_failed", targetType: "user", targetId: userId, details: { purpose } });
  throw new AppError("INVALID_PASSWORD", "La contraseña no es correcta", 400);
}
