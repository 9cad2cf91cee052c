import crypto from "node:crypto";
import type { AdminUserPage, CreateUserBody, SetPasswordLink, UserWithLink } from "@/lib/contract/backoffice-users";
import type { createUserBodySchema, userBodySchema, userListQuerySchema } from "@/lib/contract/backoffice-users";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { hashPassword } from "../auth/password";
import { pgErrorCode } from "../../db/pg-errors";
import { bumpSessionVersion, findUserById, updatePasswordHash, type UserRow } from "../users/users.repository";
import { insertSetupToken, revokeUserTokens } from "./password-setup.repository";
import { ROLES_OF_KIND, findIdentityClash, insertUser, lockActiveAdministrators, lockUser, searchUsers, updateUser } from "./users-admin.repository";
import { auditView, changedFields, kindOf, toAdminUser } from "./users-admin.views";

export const SET_PASSWORD_TTL_MS = 72 * 3600_000;
export const hashSetupToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const userNotFound = () => notFound("Usuario no encontrado");
const lastAdministrator = () => new AppError("VALIDATION_ERROR", "La autoescuela debe tener al menos un administrador activo", 422);
const clashError = (field: "username" | "dni") =>
  field === "username"
    ? conflict("DUPLICATE_USERNAME", "Ya existe un usuario con ese nombre de usuario en la autoescuela")
    : conflict("DUPLICATE_DNI", "Ya existe un usuario con ese DNI/NIE en la autoescuela");

// The pre-check gives the precise message; the unique indexes settle races (then the message names both).
async function assertUnique(db: DbOrTx, tenantId: string, values: { username: string | null; dni: string }, exceptId?: string) {
  const clash = await findIdentityClash(db, tenantId, values, exceptId);
  if (clash) throw clashError(clash.field);
}
function translateUnique(error: unknown): never {
  if (pgErrorCode(error) === "23505") throw conflict("DUPLICATE_USER", "Ya existe un usuario con ese nombre de usuario o DNI/NIE");
  throw error;
}

export async function listAdminUsers(db: Db, tenant: Tenant, auth: Auth, q: z.output<typeof userListQuerySchema>): Promise<AdminUserPage> {
  const { rows, total } = await searchUsers(db, tenant.id, q);
  const totalPages = Math.max(1, Math.ceil(total / q.limit));
  return {
    data: rows.map((u) => toAdminUser(u, auth.userId)),
    pagination: { page: q.page, totalPages, total, hasPreviousPage: q.page > 1, hasNextPage: q.page < totalPages },
  };
}

// `auth` is null when the operator's command line makes the link (`npm run tenant -- admin`, a school's first administrator).
async function newSetupLink(tx: DbOrTx, tenantId: string, userId: string, auth: Auth | null, now: Date): Promise<SetPasswordLink> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SET_PASSWORD_TTL_MS);
  await revokeUserTokens(tx, tenantId, userId, now);
  await insertSetupToken(tx, { tenantId, userId, tokenHash: hashSetupToken(token), expiresAt, createdBy: auth ? (auth.impersonatorId ?? auth.userId) : null });
  // The token travels in the fragment: browsers send it neither to the server nor in the Referer.
  return { token, path: `/establecer-contrasena#${token}`, expiresAt: expiresAt.toISOString() };
}

export async function createAdminUser(
  db: Db,
  tenant: Pick<Tenant, "id">,
  auth: Auth | null, // null: the operator's command line, with no user of the school behind it
  body: z.output<typeof createUserBodySchema>,
  now = new Date(),
): Promise<UserWithLink> {
  const hasLogin = body.username !== null;
  if (hasLogin && body.access === "password" && !body.password) {
    throw new AppError("VALIDATION_ERROR", "Escribe la contraseña inicial o elige el enlace para establecerla", 422);
  }
  if (!hasLogin && body.access !== "none") {
    throw new AppError("VALIDATION_ERROR", "Para dar acceso a la aplicación, indica un nombre de usuario", 422);
  }
  const passwordHash = hasLogin && body.access === "password" ? await hashPassword(body.password!) : null;
  return db
    .transaction(async (tx) => {
      await assertUnique(tx, tenant.id, body);
      const { access: _a, password: _p, kind, ...values } = body;
      const user = await insertUser(tx, tenant.id, { ...values, roles: ROLES_OF_KIND[kind], passwordHash });
      const link = hasLogin && body.access === "link" ? await newSetupLink(tx, tenant.id, user.id, auth, now) : null;
      await recordAudit(tx, tenant.id, auth, {
        action: "user.created",
        targetType: "user",
        targetId: user.id,
        details: { ...auditView(user), access: hasLogin ? body.access : "none" },
      });
      return { user: toAdminUser(user, auth?.userId ?? null), link };
    })
    .catch(translateUnique);
}

export async function updateAdminUser(db: Db, tenant: Tenant, auth: Auth, id: string, body: z.output<typeof userBodySchema>) {
  return db
    .transaction(async (tx) => {
      // An edit to another kind may demote an administrator: the school's active administrators are locked first
      // (always in the same order), so two offices demoting each other at once cannot leave none.
      const admins = body.kind === "administrator" ? null : await lockActiveAdministrators(tx, tenant.id);
      const before = await lockUser(tx, tenant.id, id);
      if (!before) throw userNotFound();
      const kindChanged = kindOf(before.roles) !== body.kind;
      if (kindChanged && before.id === auth.userId) throw new AppError("VALIDATION_ERROR", "No puedes cambiar tu propio rol", 422);
      if (kindChanged && admins?.includes(id) && admins.length <= 1) throw lastAdministrator();
      const removesLogin = body.username === null && before.username !== null;
      if (removesLogin && (before.id === auth.userId || before.id === auth.impersonatorId)) {
        throw new AppError("VALIDATION_ERROR", "No puedes quitar tu propio nombre de usuario", 422);
      }
      await assertUnique(tx, tenant.id, body, id);
      const { kind, ...values } = body;
      // Removing the username removes the login: the password goes with it.
      const after = await updateUser(tx, tenant.id, id, {
        ...values,
        roles: kindChanged ? ROLES_OF_KIND[kind] : before.roles,
        ...(values.username === null ? { passwordHash: null } : {}),
      });
      const changes = changedFields(auditView(before), auditView(after!));
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, tenant.id, auth, { action: "user.updated", targetType: "user", targetId: id, details: { name: auditView(after!).name, changes } });
      }
      if (values.username === null) {
        await revokeUserTokens(tx, tenant.id, id, new Date());
        // Without a login the user's open sessions end too, at their next call (session version).
        if (removesLogin) await bumpSessionVersion(tx, tenant.id, id);
      }
      return toAdminUser(after!, auth.userId);
    })
    .catch(translateUnique);
}

// Deactivation keeps every record and revokes every session of the user for good (session version): readAuth refuses
// the old tokens on their next call, and after a reactivation the user signs in again.
export async function setUserActive(db: Db, tenant: Tenant, auth: Auth, id: string, isActive: boolean) {
  return db.transaction(async (tx) => {
    // Locked before the user, in one order: two offices deactivating each other at once cannot leave none.
    const admins = isActive ? null : await lockActiveAdministrators(tx, tenant.id);
    const user = await lockUser(tx, tenant.id, id);
    if (!user) throw userNotFound();
    if (!isActive && (user.id === auth.userId || user.id === auth.impersonatorId)) {
      throw new AppError("VALIDATION_ERROR", "No puedes desactivar tu propio usuario", 422);
    }
    if (admins?.includes(id) && admins.length <= 1) throw lastAdministrator();
    if (user.isActive === isActive) return toAdminUser(user, auth.userId);
    const after = await updateUser(tx, tenant.id, id, { isActive });
    if (!isActive) {
      await revokeUserTokens(tx, tenant.id, id, new Date());
      await bumpSessionVersion(tx, tenant.id, id);
    }
    await recordAudit(tx, tenant.id, auth, { action: isActive ? "user.reactivated" : "user.deactivated", targetType: "user", targetId: id, details: { name: auditView(user).name } });
    return toAdminUser(after!, auth.userId);
  });
}

async function loginUser(tx: DbOrTx, tenantId: string, id: string): Promise<UserRow> {
  const user = await lockUser(tx, tenantId, id);
  if (!user) throw userNotFound();
  if (!user.username) throw new AppError("NO_LOGIN", "El usuario no tiene nombre de usuario: edítalo y añade uno primero", 422);
  if (!user.isActive) throw new AppError("USER_INACTIVE", "El usuario está desactivado: reactívalo primero", 422);
  return user;
}

export async function createPasswordLink(db: Db, tenant: Tenant, auth: Auth, id: string, now = new Date()): Promise<SetPasswordLink> {
  return db.transaction(async (tx) => {
    const user = await loginUser(tx, tenant.id, id);
    const link = await newSetupLink(tx, tenant.id, user.id, auth, now);
    await recordAudit(tx, tenant.id, auth, { action: "user.password_link_created", targetType: "user", targetId: id, details: { name: auditView(user).name, expiresAt: link.expiresAt } });
    return link;
  });
}

export async function setPasswordByOffice(db: Db, tenant: Tenant, auth: Auth, id: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const user = await loginUser(tx, tenant.id, id);
    // A reset ends every open session of the user (session version), as a set-password link does.
    await updatePasswordHash(tx, tenant.id, id, passwordHash);
    await revokeUserTokens(tx, tenant.id, id, new Date());
    await recordAudit(tx, tenant.id, auth, { action: "user.password_set", targetType: "user", targetId: id, details: { name: auditView(user).name } });
  });
}

export async function getAdminUser(db: Db, tenant: Tenant, auth: Auth, id: string) {
  const user = await findUserById(db, tenant.id, id);
  if (!user) throw userNotFound();
  return toAdminUser(user, auth.userId);
}

export type { CreateUserBody };
