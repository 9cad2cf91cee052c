import { createMiddleware } from "hono/factory";
import { ADMIN_ROLES, ROLE_INSTRUCTOR, ROLE_STUDENT, isAdministrator } from "@/lib/session/roles";
import { verifyToken } from "@/lib/session/token";
import { displayName, findUserById } from "../modules/users/users.repository";
import type { AppEnv, Auth } from "./context";
import { AppError, forbidden, unauthorized } from "./errors";

const invalidToken = () => new AppError("INVALID_TOKEN", "La sesión no es válida o ha caducado");

// Reads the bearer token when there is one; routes decide whether they need it. Roles come from the
// database, not the token, so a deactivated user or a removed role stops working at once.
export const readAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("authorization");
  c.set("auth", null);
  if (header?.startsWith("Bearer ")) {
    const claims = await verifyToken(header.slice(7).trim());
    if (!claims || claims.tenant !== c.var.tenant.slug) throw invalidToken();
    const user = await findUserById(c.var.db, c.var.tenant.id, claims.uuid);
    if (!user?.isActive) throw invalidToken();
    let owner = user;
    if (claims.impersonatorId) {
      const impersonator = await findUserById(c.var.db, c.var.tenant.id, claims.impersonatorId);
      if (!impersonator?.isActive || !isAdministrator(impersonator.roles)) throw invalidToken();
      owner = impersonator;
    }
    // Logout and password changes bump the owner's session version, revoking older tokens (issue 12).
    if ((claims.sv ?? 0) !== owner.sessionVersion) throw invalidToken();
    c.set("auth", {
      userId: user.id,
      roles: user.roles,
      name: displayName(user),
      impersonatorId: claims.impersonatorId ?? null,
    });
  }
  await next();
});

export const ROLE_GROUPS = {
  student: [ROLE_STUDENT],
  instructor: [ROLE_INSTRUCTOR],
  administrator: [...ADMIN_ROLES],
  any: [ROLE_STUDENT, ROLE_INSTRUCTOR, ...ADMIN_ROLES],
} as const;

export type RoleGroup = keyof typeof ROLE_GROUPS;

export function requireRole(...groups: RoleGroup[]) {
  const allowed = new Set<string>(groups.flatMap((g) => ROLE_GROUPS[g]));
  return createMiddleware<AppEnv>(async (c, next) => {
    const auth = c.var.auth;
    if (!auth) throw unauthorized();
    if (!auth.roles.some((r) => allowed.has(r))) throw forbidden();
    await next();
  });
}

export function requireAuth(c: { var: { auth: Auth | null } }): Auth {
  if (!c.var.auth) throw unauthorized();
  return c.var.auth;
}
