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
  // A solved sign-in challenge (server/modules/auth/challenge.ts): sent again with the password when the account
  // was backed off. Anything wrong in them only means the attempt is judged without one.
  challenge: z.string().max(2048).optional().catch(undefined),
  solution: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

// Part of a TOO_MANY_ATTEMPTS answer when the account (not the client's address) is backed off: the browser finds
// `solution` such that SHA-256("<prefix>:<solution>") starts with `bits` zero bits (lib/session/proof-of-work.ts).
export const loginChallengeSchema = z.object({ token: z.string(), prefix: z.string(), bits: z.number().int() });
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
// POST /login: the session token and, for the BFF's device cookie (lib/session/device.ts), this device's token.
// `failedAttempts`: failed sign-ins of this account since its previous successful one (told to the user once).
export const loginResponseSchema = tokenResponseSchema.extend({ deviceToken: z.string().optional(), failedAttempts: z.number().int().min(0).optional() });
// What the BFF answers the browser (the tokens stay in its cookies).
export const bffLoginResponseSchema = z.object({ success: z.literal(true), failedAttempts: z.number().int().min(0).optional() });
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

// A password a person chooses (change, set-password link, the office): the login's 6 is the spec's check of what is
// typed (000 §5); a new one needs 8, and 12 for an administrator with the common-password check on the server
// (server/modules/auth/password-policy.ts), whose message the forms show.
export const PASSWORD_MIN_LENGTH = 8;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export const newPasswordSchema = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`)
    .max(200, "La contraseña no puede superar 200 caracteres");

export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ error: "La contraseña actual es obligatoria" }).min(1, "La contraseña actual es obligatoria"),
  newPassword: newPasswordSchema("La nueva contraseña es obligatoria"),
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

// Forgotten password (issue 31 §7): the same answer whether or not the account exists. `delivery` says only whether
// this school sends links by e-mail at all ("email") or hands them out at the office ("office").
export const forgotPasswordBodySchema = z.object({
  username: z
    .string({ error: "Escribe tu usuario" })
    .trim()
    .min(1, "Escribe tu usuario")
    .max(100, "El usuario no es válido"),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
export const forgotPasswordResponseSchema = z.object({ delivery: z.enum(["email", "office"]) });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;
