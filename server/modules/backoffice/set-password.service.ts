import type { SetPasswordBody } from "@/lib/contract/backoffice-users";
import type { Db } from "../../db/client";
import type { Tenant } from "../../http/context";
import { AppError } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { issueToken } from "../auth/auth.service";
import { hashPassword } from "../auth/password";
import { assertPasswordAllowed } from "../auth/password-policy";
import { deleteFeed } from "../practices/calendar-feed.repository";
import { displayName, findUserById, updatePasswordHash } from "../users/users.repository";
import { consumeSetupToken, findLiveSetupToken } from "./password-setup.repository";
import { hashSetupToken } from "./users-admin.service";

const invalidLink = () =>
  new AppError("INVALID_SET_PASSWORD_TOKEN", "El enlace no es válido o ha caducado. Pide uno nuevo en la autoescuela.", 400);

// The public end of a set-password link: single use, expiring, and only for an active user with a login.
// Answers a session token as the sign-in does: the BFF signs the person in (same-origin pages only) and keeps the token.
export async function setPasswordWithToken(db: Db, tenant: Tenant, body: SetPasswordBody, now = new Date()): Promise<{ username: string; token: string }> {
  const tokenHash = hashSetupToken(body.token);
  // The link is checked, not used, before the deliberately slow hash: a made-up token costs the server one indexed read.
  const userId = await findLiveSetupToken(db, tenant.id, tokenHash, now);
  const owner = userId ? await findUserById(db, tenant.id, userId) : null;
  if (!owner?.isActive || !owner.username) throw invalidLink();
  // A refused password leaves the link unused: the person tries another one.
  await assertPasswordAllowed(body.password, owner.roles);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    // Used up in the same transaction as the change: of two uses at once the conditional update lets one win, and a
    // failure below leaves the link as it was.
    if ((await consumeSetupToken(tx, tenant.id, tokenHash, now)) !== owner.id) throw invalidLink();
    const user = await findUserById(tx, tenant.id, owner.id);
    if (!user?.isActive || !user.username) throw invalidLink();
    // The roles may have changed while hashing (an administrator's rule is stricter).
    await assertPasswordAllowed(body.password, user.roles);
    const sessionVersion = await updatePasswordHash(tx, tenant.id, user.id, passwordHash);
    // A new password ends the calendar link too (the feed's token is a second credential of the same person).
    await deleteFeed(tx, tenant.id, user.id);
    await recordAudit(tx, tenant.id, { userId: user.id, roles: user.roles, name: displayName(user), impersonatorId: null }, {
      action: "user.password_set_by_link",
      targetType: "user",
      targetId: user.id,
      details: { name: displayName(user) },
    });
    return { username: user.username, token: await issueToken({ ...user, sessionVersion: sessionVersion ?? user.sessionVersion }, tenant) };
  });
}
