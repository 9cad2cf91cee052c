import { z } from "zod";
import { normalizeSpanishPhone, PHONE_INVALID_MESSAGE, PHONE_MAX_INPUT_LENGTH } from "@/lib/format/phone";

// The phone fields of the API (lib/format/phone.ts reads, normalises and formats the numbers).

function toStoredPhone(value: string | null | undefined, ctx: z.RefinementCtx): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === "") return null;
  const phone = normalizeSpanishPhone(value);
  if (!phone) {
    ctx.addIssue({ code: "custom", message: PHONE_INVALID_MESSAGE });
    return z.NEVER;
  }
  return phone;
}

const phoneText = z.string({ error: PHONE_INVALID_MESSAGE }).max(PHONE_MAX_INPUT_LENGTH, PHONE_INVALID_MESSAGE);

/**
 * A phone field of a form: empty or null means none (null); anything else must be a Spanish number. Left out of a body
 * (undefined) it stays undefined: an edit that does not send the field leaves the stored number as it is.
 */
export const optionalPhoneSchema = phoneText.nullish().transform(toStoredPhone);

/** The same, for a body whose only purpose is the number: the key must be there (null or '' removes it). */
const requiredPhoneSchema = phoneText.nullable().transform((v, ctx) => toStoredPhone(v, ctx) ?? null);

// PUT /api/me/phone: the person's own number; null or '' removes it.
export const ownPhoneBodySchema = z.object({ phone: requiredPhoneSchema }).strict();
export type OwnPhoneBody = z.input<typeof ownPhoneBodySchema>;

// GET /api/me/contact, PUT /api/me/phone: what 'Mi perfil' shows of the person (the name is the office's to change).
export const ownContactSchema = z.object({
  name: z.string(),
  username: z.string().nullable(),
  dni: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type OwnContact = z.infer<typeof ownContactSchema>;
