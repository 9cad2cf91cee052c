import type { AdminUser, UserKind } from "@/lib/contract/backoffice-users";
import { primaryArea } from "@/lib/session/roles";
import { canImpersonate } from "../auth/auth.service";
import { displayName, type UserRow } from "../users/users.repository";

export const kindOf = (roles: readonly string[]): UserKind | null => primaryArea(roles);

export function toAdminUser(u: UserRow, actorId: string | null): AdminUser {
  return {
    id: u.id,
    name: displayName(u),
    firstName: u.firstName,
    surname1: u.surname1,
    surname2: u.surname2,
    username: u.username,
    dni: u.dni,
    email: u.email,
    phone: u.phone,
    roles: u.roles,
    kind: kindOf(u.roles),
    isActive: u.isActive,
    hasPassword: u.passwordHash !== null,
    canImpersonate: canImpersonate(u, actorId),
  };
}

// What the audit log keeps of a user: never the password hash.
export const auditView = (u: UserRow) => ({
  name: displayName(u),
  username: u.username,
  dni: u.dni,
  email: u.email,
  phone: u.phone,
  roles: u.roles,
  isActive: u.isActive,
});

export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}
