import { EMAIL_IN_USE_ERROR, EMAIL_IN_USE_MESSAGE } from "@/lib/contract/constants/notifications";
import { conflict } from "../http/errors";

// E-mail addresses are unique per school (users_tenant_email_uq, migration 0019): the index settles every race, and
// its violation is answered 409 EMAIL_IN_USE by the office's user form and by PUT /api/me/email alike.

const EMAIL_UNIQUE_INDEX = "users_tenant_email_uq";

/** A unique violation of the per-school e-mail index, however the driver (pg, PGlite, Drizzle) wraps it. */
export function isEmailInUse(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (e.code === "23505" && (e.constraint === EMAIL_UNIQUE_INDEX || (typeof e.message === "string" && e.message.includes(EMAIL_UNIQUE_INDEX)))) return true;
    current = e.cause;
  }
  return false;
}

export const emailInUse = () => conflict(EMAIL_IN_USE_ERROR, EMAIL_IN_USE_MESSAGE);
