import type { ChangePasswordBody, Profile, TokenResponse, UserSummary } from "@/lib/contract/auth";
import { isAdministrator, primaryArea } from "@/lib/session/roles";
import { signToken } from "@/lib/session/token";
import type { Db } from "../../db/client";
import { serverEnv } from "../../env";
import type { Auth, Tenant } from "../../http/context";
import { AppError, forbidden, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { bumpSessionVersion, displayName, findUserById, listUsersWithLogin, updatePasswordHash, type UserRow } from "../users/users.repository";
import { deleteFeed } from "../practices/calendar-feed.repository";
import { hashPassword, verifyPassword } from "./password";
import { assertPasswordAllowed } from "./password-policy";

export { THROTTLE } from "./login-throttle";

// `sv` is the session version of the session's owner: the user, or the administrator who impersonates them.
export function issueToken(user: UserRow, tenant: Tenant, impersonator?: UserRow): Promise<string> {
  const impersonatorId = impersonator?.id;
  return signToken(
    {
      uuid: user.id,
      name: displayName(user),
      profileImage: user.profileImage,
      roles: user.roles,
      tenant: tenant.slug,
      username: user.username,
      ...(impersonatorId ? { impersonatorId } : {}),
      sv: (impersonator ?? user).sessionVersion,
    },
    serverEnv.JWT_TTL_SECONDS,
  );
}

export async function getProfile(db: Db, tenant: Tenant, auth: Auth): Promise<Profile> {
  const user = await findUserById(db, tenant.id, auth.userId);
  if (!user) throw notFound("Usuario no encontrado");
  return { uuid: user.id, name: displayName(user), username: user.username, profileImage: user.profileImage, roles: user.roles };
}

export async function changePassword(db: Db, tenant: Tenant, auth: Auth, body: ChangePasswordBody): Promise<TokenResponse> {
  if (auth.impersonatorId) throw forbidden("No puedes cambiar la contraseña mientras suplantas a otro usuario");
  const user = await findUserById(db, tenant.id, auth.userId);
  if (!user) throw notFound("Usuario no encontrado");
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError("INVALID_CURRENT_PASSWORD", "La contraseña actual no es correcta", 400);
  }
  await assertPasswordAllowed(body.newPassword, user.roles);
  // Bumps the session version: every other session of this user ends; this one gets a fresh token.
  const passwordHash = await hashPassword(body.newPassword);
  const sessionVersion = await db.transaction(async (tx) => {
    const version = await updatePasswordHash(tx, tenant.id, user.id, passwordHash);
    // The calendar link is a second credential of the same person: it ends with the old password.
    await deleteFeed(tx, tenant.id, user.id);
    await recordAudit(tx, tenant.id, auth, { action: "auth.password_changed", targetType: "user", targetId: user.id });
    if (version === null) throw notFound("Usuario no encontrado");
    return version;
  });
  return { token: await issueToken({ ...user, sessionVersion }, tenant) };
}

/** Ends every session of the session's owner (the administrator, when impersonating). */
export async function logout(db: Db, tenant: Tenant, auth: Auth): Promise<void> {
  await bumpSessionVersion(db, tenant.id, auth.impersonatorId ?? auth.userId);
}

export function canImpersonate(target: UserRow, actorId: string | null): boolean {
  // A user without a login ('Sin acceso') has no application to be shown as.
  return target.id !== actorId && target.isActive && target.username !== null && !isAdministrator(target.roles) && primaryArea(target.roles) !== null;
}

export async function startImpersonation(db: Db, tenant: Tenant, auth: Auth, targetId: string): Promise<TokenResponse> {
  if (auth.impersonatorId) throw forbidden("Sal de la suplantación actual antes de iniciar otra");
  const target = await findUserById(db, tenant.id, targetId);
  if (!target) throw notFound("Usuario no encontrado");
  if (isAdministrator(target.roles)) throw forbidden("No se puede suplantar a un administrador");
  if (!canImpersonate(target, auth.userId)) {
    throw new AppError("IMPERSONATION_NOT_ALLOWED", "No se puede actuar como este usuario", 422);
  }
  const impersonator = await findUserById(db, tenant.id, auth.userId);
  if (!impersonator) throw notFound("Usuario no encontrado");
  const token = await issueToken(target, tenant, impersonator);
  await recordAudit(db, tenant.id, { ...auth, impersonatorId: null }, {
    action: "impersonation.start",
    targetType: "user",
    targetId: target.id,
    details: { name: displayName(target) },
  });
  return { token };
}

export async function exitImpersonation(db: Db, tenant: Tenant, auth: Auth): Promise<void> {
  if (!auth.impersonatorId) throw new AppError("NOT_IMPERSONATING", "No estás suplantando a ningún usuario", 400);
  await recordAudit(db, tenant.id, auth, { action: "impersonation.end", targetType: "user", targetId: auth.userId });
}

export async function listUsers(db: Db, tenant: Tenant, auth: Auth): Promise<UserSummary[]> {
  const rows = await listUsersWithLogin(db, tenant.id);
  return rows.map((u) => ({
    id: u.id,
    name: displayName(u),
    username: u.username,
    dni: u.dni,
    roles: u.roles,
    isActive: u.isActive,
    canImpersonate: canImpersonate(u, auth.userId),
  }));
}
