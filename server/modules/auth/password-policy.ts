import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/contract/auth";
import { isAdministrator } from "@/lib/session/roles";
import { AppError } from "../../http/errors";

/**
 * The one rule for a password a person chooses through the API (change password, a set-password link, the office):
 * a minimum length (longer for administrators, whose account opens every other) and not one of the ~49k common or
 * breached passwords of @zxcvbn-ts/language-common. The login keeps the spec's own check (000 §5), and the seed and
 * the factories write hashes directly: neither passes through here.
 */
export const WEAK_PASSWORD = "WEAK_PASSWORD";

export const PASSWORD_MESSAGES = {
  tooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  adminTooShort: `La contraseña de un administrador debe tener al menos ${ADMIN_PASSWORD_MIN_LENGTH} caracteres`,
  tooCommon: "Esta contraseña es demasiado común. Elige otra.",
} as const;

let commonPasswords: Promise<ReadonlySet<string>> | null = null;

// Loaded on the first password set (about 50 ms and a few MB), once per process; server code only, so the list never
// reaches a browser bundle.
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common")
    .then(({ dictionary }) => new Set((dictionary["passwords-common"] as (string | number)[]).map((p) => String(p).toLowerCase())))
    .catch((error: unknown) => {
      commonPasswords = null;
      throw error;
    });
  return commonPasswords;
}

/** The Spanish reason a password may not be set by a user with these roles, or null when it may. */
export async function passwordProblem(password: string, roles: readonly string[]): Promise<string | null> {
  // Length in characters as a person counts them (an accented letter is one), not UTF-16 units.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (isAdministrator(roles) && length < ADMIN_PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.adminTooShort;
  if ((await loadCommonPasswords()).has(password.toLowerCase())) return PASSWORD_MESSAGES.tooCommon;
  return null;
}

export async function assertPasswordAllowed(password: string, roles: readonly string[]): Promise<void> {
  const problem = await passwordProblem(password, roles);
  if (problem) throw new AppError(WEAK_PASSWORD, problem, 422);
}
