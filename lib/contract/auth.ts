import { z } from "zod";

export const loginBodySchema = z.object({
  username: z
    .string({ error: "El nombre de usuario es obligatorio" })
    .trim()
    .min(1, "El nombre de usuario es obligatorio")
    .max(150, "El nombre de usuario es demasiado largo"),
  // Bounded so that nobody can make the server hash megabytes (argon2 is slow on purpose).
  password: z
    .string({ error: "La contraseña es obligatoria" })
    .min(1, "La contraseña es obligatoria")
    .min(6, "La contraseña debe tener al menos 6 caracteres")
    .max(256, "La contraseña es demasiado larga"),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
// POST /login: the session token and, for the BFF's device cookie (lib/session/device.ts), this device's token.
export const loginResponseSchema = tokenResponseSchema.extend({ deviceToken: z.string().optional() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// Claims of the signed session token (ES256).
export const tokenClaimsSchema = z.object({
  sub: z.string().uuid(),
  uuid: z.string().uuid(),
  name: z.string(),
  profileImage: z.string().nullable(),
  roles: z.array(z.string()),
  tenant: z.string(),
  username: z.string().nullable().optional(),
  // Set on a token issued by impersonation: the administrator acting as this user.
  impersonatorId: z.string().uuid().optional(),
  // Session version of the session's owner (the impersonator when set): a token with an older one is revoked.
  sv: z.number().int().optional(),
  exp: z.number(),
  iat: z.number().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const sessionUserSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  profileImage: z.string().nullable(),
  roles: z.array(z.string()),
  tenant: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  isImpersonating: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const profileSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  username: z.string().nullable(),
  profileImage: z.string().nullable(),
  roles: z.array(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ error: "La contraseña actual es obligatoria" }).min(1, "La contraseña actual es obligatoria"),
  newPassword: z
    .string({ error: "La nueva contraseña es obligatoria" })
    .min(6, "La contraseña debe tener al menos 6 caracteres")
    .max(200, "La contraseña no puede superar 200 caracteres"),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const userSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  username: z.string().nullable(),
  dni: z.string().nullable(),
  roles: z.array(z.string()),
  isActive: z.boolean(),
  canImpersonate: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
export const userListSchema = z.array(userSummarySchema);
