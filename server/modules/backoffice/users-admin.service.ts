import crypto from "node:crypto";
import type { AdminUserPage, CreateUserBody, SetPasswordLink, UserWithLink } from "@/lib/contract/backoffice-users";
import type { createUserBodySchema, userBodySchema, userListQuerySchema } from "@/lib/contract/backoffice-users";
import { isAdministrator } from "@/lib/session/roles";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, conflict, forbidden, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { hashPassword } from "../auth/password";
import { assertPasswordAllowed } from "../auth/password-policy";
import { deleteFeed } from "../practices/calendar-feed.repository";
import { pgErrorCode } from "../../db/pg-errors";
import { emailInUse, isEmailInUse } from "../../notifications/email-address";
import { bumpSessionVersion, findUserById, updatePasswordHash, type UserRow } from "../users/users.repository";
import { decodeCursor, encodeCursor, pageOf, textKey } from "../../http/cursor";
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
  if (isEmailInUse(error)) throw emailInUse();
  if (pgErrorCode(error) === "23505") throw conflict("DUPLICATE_USER", "Ya existe un usuario con ese nombre de usuario o DNI/NIE");
  throw error;
}

const USERS_CURSOR = "users";

export async function listAdminUsers(db: Db, tenant: Tenant, auth: Auth, q: z.output<typeof userListQuerySchema>): Promise<AdminUserPage> {
  const after = q.cursor ? decodeCursor(USERS_CURSOR, q.cursor, textKey(2)) : undefined;
  const rows = await searchUsers(db, tenant.id, { ...q, after: after && { key: after.key as [string, string], id: after.id }, limit: q.limit + 1 });
  const page = pageOf(rows, q.limit, (u) => encodeCursor(USERS_CURSOR, [u.firstName, u.surname1], u.id));
  return { data: page.items.map((u) => toAdminUser(u, auth.userId)), nextCursor: page.nextCursor };
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
  if (hasLogin && body.access === "password") await assertPasswordAllowed(body.password!, ROLES_OF_KIND[body.kind]);
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
        // Like a password change: the calendar link, a credential of its own, ends with the login.
        await deleteFeed(tx, tenant.id, id);
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

// An administrator's password is their own: another administrator who set it, or made its link, could sign in as them,
// which impersonation refuses. Each administrator changes their own ('Cambiar contraseña'); a school that lost every
// administrator's password recovers with the operator's command line (`npm run tenant -- admin`). The refusal is
// audited after its transaction, which it rolls back.
const ADMIN_PASSWORD_REFUSED = "No puedes establecer la contraseña de un administrador: cada administrador cambia la suya";
type Refused = { refused: UserRow };

async function auditRefusal(db: Db, tenant: Tenant, auth: Auth, user: UserRow, attempted: "password" | "password_link"): Promise<never> {
  await recordAudit(db, tenant.id, auth, {
    action: "user.admin_password_refused",
    targetType: "user",
    targetId: user.id,
    details: { name: auditView(user).name, attempted },
  });
  throw forbidden(ADMIN_PASSWORD_REFUSED);
}

export async function createPasswordLink(db: Db, tenant: Tenant, auth: Auth, id: string, now = new Date()): Promise<SetPasswordLink> {
  const result = await db.transaction(async (tx): Promise<SetPasswordLink | Refused> => {
    const user = await loginUser(tx, tenant.id, id);
    if (isAdministrator(user.roles)) return { refused: user };
    const link = await newSetupLink(tx, tenant.id, user.id, auth, now);
    await recordAudit(tx, tenant.id, auth, { action: "user.password_link_created", targetType: "user", targetId: id, details: { name: auditView(user).name, expiresAt: link.expiresAt } });
    return link;
  });
  return "refused" in result ? auditRefusal(db, tenant, auth, result.refused, "password_link") : result;
}

export async function setPasswordByOffice(db: Db, tenant: Tenant, auth: Auth, id: string, password: string): Promise<void> {
  // Refused and judged before the slow hash, outside the transaction; the transaction checks the roles again.
  const target = await loginUser(db, tenant.id, id);
  if (isAdministrator(target.roles)) return auditRefusal(db, tenant, auth, target, "password");
  await assertPasswordAllowed(password, target.roles);
  const passwordHash = await hashPassword(password);
  const refused = await db.transaction(async (tx): Promise<Refused | null> => {
    const user = await loginUser(tx, tenant.id, id);
    if (isAdministrator(user.roles)) return { refused: user };
    // A reset ends every open session of the user (session version) and their calendar link, as a set-password link does.
    await updatePasswordHash(tx, tenant.id, id, passwordHash);
    await revokeUserTokens(tx, tenant.id, id, new Date());
    await deleteFeed(tx, tenant.id, id);
    await recordAudit(tx, tenant.id, auth, { action: "user.password_set", targetType: "user", targetId: id, details: { name: auditView(user).name } });
    return null;
  });
  if (refused) await auditRefusal(db, tenant, auth, refused.refused, "password");
}

export async function getAdminUser(db: Db, tenant: Tenant, auth: Auth, id: string) {
  const user = await findUserById(db, tenant.id, id);
  if (!user) throw userNotFound();
  return toAdminUser(user, auth.userId);
}

export type { CreateUserBody };
