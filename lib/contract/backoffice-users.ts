import { z } from "zod";
import { pageCursorSchema, pageLimitSchema } from "./paging";
import { newPasswordSchema } from "./auth";
import { dniNieSchema } from "./cap";
import { optionalEmailSchema } from "./notifications";
import { optionalPhoneSchema } from "./phone";

// The back-office's users: students, instructors and administrators of one school.
export const USER_KINDS = ["student", "instructor", "administrator"] as const;
export const userKindSchema = z.enum(USER_KINDS, { error: "Elige un rol válido" });
export type UserKind = z.infer<typeof userKindSchema>;

export const adminUserSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  firstName: z.string(),
  surname1: z.string(),
  surname2: z.string().nullable(),
  username: z.string().nullable(),
  dni: z.string().nullable(),
  email: z.string().nullable(),
  // E.164 ('+34612345678'), shown formatted with a tap-to-call link (issue 31).
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  kind: userKindSchema.nullable(),
  isActive: z.boolean(),
  hasPassword: z.boolean(),
  canImpersonate: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

// A page of the users list, sorted by name; nextCursor (null on the last page) reads the next one ('Cargar más').
export const adminUserPageSchema = z.object({ data: z.array(adminUserSchema), nextCursor: z.string().nullable() });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const userListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  kind: userKindSchema.optional(),
  status: z.enum(["active", "inactive", "all"]).default("all"),
  cursor: pageCursorSchema,
  limit: pageLimitSchema(20),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

const text = (label: string, max = 80) =>
  z.string({ error: `${label} es obligatorio` }).trim().min(1, `${label} es obligatorio`).max(max, `${label} es demasiado largo`);
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const passwordSchema = newPasswordSchema("La contraseña es obligatoria");

// Usernames: letters, digits, '.', '_' and '-'; empty means no login (a CAP student, for example).
const usernameSchema = z
  .string()
  .trim()
  .max(60, "El nombre de usuario es demasiado largo")
  .refine((v) => v === "" || /^[A-Za-z0-9._-]{3,60}$/.test(v), "El nombre de usuario debe tener al menos 3 caracteres: letras, números, '.', '_' o '-'")
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const userBodySchema = z.object({
  firstName: text("El nombre"),
  surname1: text("El primer apellido"),
  surname2: optionalText(80, "El segundo apellido es demasiado largo"),
  dni: dniNieSchema,
  // Optional, trimmed, lower case, unique per school (409 EMAIL_IN_USE): notifications go to it (issue 29).
  email: optionalEmailSchema,
  // Optional, Spanish, stored in E.164 (lib/contract/phone.ts); left out of an edit, it stays as it is.
  phone: optionalPhoneSchema.optional(),
  username: usernameSchema,
  kind: userKindSchema,
});
export type UserBody = z.input<typeof userBodySchema>;

// Creation: with a username, either a first password or a set-password link ('link').
export const createUserBodySchema = userBodySchema.extend({
  access: z.enum(["link", "password", "none"]).default("link"),
  password: passwordSchema.optional(),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const setPasswordLinkSchema = z.object({ token: z.string(), path: z.string(), expiresAt: z.string() });
export type SetPasswordLink = z.infer<typeof setPasswordLinkSchema>;

export const userWithLinkSchema = z.object({ user: adminUserSchema, link: setPasswordLinkSchema.nullable() });
export type UserWithLink = z.infer<typeof userWithLinkSchema>;

export const adminPasswordBodySchema = z.object({ password: passwordSchema });

export const setPasswordBodySchema = z.object({
  token: z.string({ error: "El enlace no es válido" }).min(20, "El enlace no es válido").max(200, "El enlace no es válido"),
  password: passwordSchema,
});
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;
