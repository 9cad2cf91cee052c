import type { ChangePasswordBody, LoginBody, Profile, TokenResponse, UserSummary } from "@/lib/contract/auth";
import { isAdministrator, primaryArea } from "@/lib/session/roles";
import { signToken } from "@/lib/session/token";
import type { Db } from "../../db/client";
import { serverEnv } from "../../env";
import type { Auth, Tenant } from "../../http/context";
import { AppError, forbidden, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { displayName, findUserById, findUserByLogin, listUsersWithLogin, updatePasswordHash, type UserRow } from "../users/users.repository";
import { hashPassword, verifyPassword } from "./password";
import { clearKeys, findLockedKeys, recordFailure } from "./throttle.repository";

export const THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  perAccount: 5,
  perAddress: 20,
};

const INVALID_CREDENTIALS = "Usuario o contraseña incorrectos";

function issueToken(user: UserRow, tenant: Tenant, impersonatorId?: string): Promise<string> {
  return signToken(
    {
      uuid: user.id,
      name: displayName(user),
      profileImage: user.profileImage,
      roles: user.roles,
      tenant: tenant.slug,
      username: user.username,
      ...(impersonatorId ? { impersonatorId } : {}),
    },
    serverEnv.JWT_TTL_SECONDS,
  );
}

export async function login(db: Db, tenant: Tenant, body: LoginBody, clientIp: string, now = new Date()): Promise<TokenResponse> {
  const login = body.username.trim();
  const accountKey = `${tenant.id}:account:${login.toLowerCase()}`;
  const addressKey = `${tenant.id}:ip:${clientIp}`;
  const lockedUntil = await findLockedKeys(db, [accountKey, addressKey], now);
  if (lockedUntil) {
    const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
    throw new AppError("TOO_MANY_ATTEMPTS", `Demasiados intentos fallidos. Inténtalo de nuevo en ${minutes} minuto(s).`, 429, {
      retryAfterSeconds: Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000),
    });
  }
  const user = await findUserByLogin(db, tenant.id, login);
  const isValid = await verifyPassword(user?.isActive ? user.passwordHash : null, body.password);
  if (!user || !isValid) {
    await recordFailure(db, accountKey, THROTTLE.perAccount, THROTTLE.windowMs, THROTTLE.lockMs, now);
    await recordFailure(db, addressKey, THROTTLE.perAddress, THROTTLE.windowMs, THROTTLE.lockMs, now);
    throw new AppError("INVALID_CREDENTIALS", INVALID_CREDENTIALS, 401);
  }
  await clearKeys(db, [accountKey]);
  return { token: await issueToken(user, tenant) };
}

export async function getProfile(db: Db, tenant: Tenant, auth: Auth): Promise<Profile> {
  const user = await findUserById(db, tenant.id, auth.userId);
  if (!user) throw notFound("Usuario no encontrado");
  return { uuid: user.id, name: displayName(user), username: user.username, profileImage: user.profileImage, roles: user.roles };
}

export async function changePassword(db: Db, tenant: Tenant, auth: Auth, body: ChangePasswordBody): Promise<void> {
  if (auth.impersonatorId) throw forbidden("No puedes cambiar la contraseña mientras suplantas a otro usuario");
  const user = await findUserById(db, tenant.id, auth.userId);
  if (!user) throw notFound("Usuario no encontrado");
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError("INVALID_CURRENT_PASSWORD", "La contraseña actual no es correcta", 400);
  }
  await updatePasswordHash(db, tenant.id, user.id, await hashPassword(body.newPassword));
  await recordAudit(db, tenant.id, auth, { action: "auth.password_changed", targetType: "user", targetId: user.id });
}

export function canImpersonate(target: UserRow, actorId: string): boolean {
  return target.id !== actorId && target.isActive && !isAdministrator(target.roles) && primaryArea(target.roles) !== null;
}

export async function startImpersonation(db: Db, tenant: Tenant, auth: Auth, targetId: string): Promise<TokenResponse> {
  if (auth.impersonatorId) throw forbidden("Sal de la suplantación actual antes de iniciar otra");
  const target = await findUserById(db, tenant.id, targetId);
  if (!target) throw notFound("Usuario no encontrado");
  if (isAdministrator(target.roles)) throw forbidden("No se puede suplantar a un administrador");
  if (!canImpersonate(target, auth.userId)) {
    throw new AppError("IMPERSONATION_NOT_ALLOWED", "No se puede actuar como este usuario", 422);
  }
  const token = await issueToken(target, tenant, auth.userId);
  await recordAudit(db, tenant.id, { ...auth, impersonatorId: null }, {
    action: "impersonation.start",
    targetType: "user",
    targetId: target.id,
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
