import type { SetPasswordBody } from "@/lib/contract/backoffice-users";
import type { Db } from "../../db/client";
import type { Tenant } from "../../http/context";
import { AppError } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { hashPassword } from "../auth/password";
import { displayName, findUserById, updatePasswordHash } from "../users/users.repository";
import { consumeSetupToken } from "./password-setup.repository";
import { hashSetupToken } from "./users-admin.service";

const invalidLink = () =>
  new AppError("INVALID_SET_PASSWORD_TOKEN", "El enlace no es válido o ha caducado. Pide uno nuevo en la autoescuela.", 400);

// The public end of a set-password link: single use, expiring, and only for an active user with a login.
export async function setPasswordWithToken(db: Db, tenant: Tenant, body: SetPasswordBody, now = new Date()): Promise<{ username: string }> {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const userId = await consumeSetupToken(tx, tenant.id, hashSetupToken(body.token), now);
    if (!userId) throw invalidLink();
    const user = await findUserById(tx, tenant.id, userId);
    if (!user?.isActive || !user.username) throw invalidLink();
    await updatePasswordHash(tx, tenant.id, user.id, passwordHash);
    await recordAudit(tx, tenant.id, { userId: user.id, roles: user.roles, name: displayName(user), impersonatorId: null }, {
      action: "user.password_set_by_link",
      targetType: "user",
      targetId: user.id,
      details: { name: displayName(user) },
    });
    return { username: user.username };
  });
}
