import { z } from "zod";

// The office's card payments (issue 31 §4): the school's Stripe keys, pasted in the settings page. The secret key and
// the webhook secret are never answered: only a masked form ('sk_test_…4242'). The publishable key is public by nature
// (every student's browser gets it).

export const paymentModeSchema = z.enum(["test", "live"]);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

// Stripe's shapes: a secret key (sk_) or a restricted key (rk_), a publishable key (pk_), a webhook endpoint's signing
// secret (whsec_) and a connected account (acct_). Stripe's keys are letters and digits after the prefix.
const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,240}$/;
const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9_]{8,240}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9_]{8,240}$/;
const ACCOUNT = /^acct_[A-Za-z0-9]{6,64}$/;

// Pasting often brings a space or a line break along: trimmed before the shape is checked.
const pasted = (pattern: RegExp, message: string) => z.string({ error: message }).trim().max(260, message).regex(pattern, message);

export const paymentSettingsBodySchema = z.strictObject(
  {
    // Optional once card payments are on: an absent key keeps the one stored (Stripe shows a live secret key once).
    secretKey: pasted(SECRET_KEY, "La clave secreta debe empezar por sk_test_, sk_live_, rk_test_ o rk_live_").optional(),
    publishableKey: pasted(PUBLISHABLE_KEY, "La clave publicable debe empezar por pk_test_ o pk_live_").optional(),
    webhookSecret: pasted(WEBHOOK_SECRET, "El secreto del webhook debe empezar por whsec_").optional(),
    // '' or null: no connected account (the keys are the school's own account).
    stripeAccount: z
      .string({ error: "La cuenta conectada debe empezar por acct_" })
      .trim()
      .max(80, "La cuenta conectada debe empezar por acct_")
      .refine((v) => v === "" || ACCOUNT.test(v), "La cuenta conectada debe empezar por acct_")
      .transform((v) => (v === "" ? null : v))
      .nullish(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "Ese campo no existe en los ajustes de pago" : undefined) },
);
export type PaymentSettingsBody = z.input<typeof paymentSettingsBodySchema>;

// GET/PUT/DELETE /api/administrator/payment-settings.
export const paymentSettingsSchema = z.object({
  // Card top-up is on for the school's students.
  isEnabled: z.boolean(),
  // Keys are stored but cannot be opened (the at-rest key changed): card top-up is off until they are pasted again.
  isUnreadable: z.boolean(),
  mode: paymentModeSchema.nullable(),
  publishableKey: z.string().nullable(),
  secretKeyMasked: z.string().nullable(),
  webhookSecretMasked: z.string().nullable(),
  stripeAccount: z.string().nullable(),
  updatedAt: z.string().nullable(),
  // What to register in Stripe's dashboard: the school's own address of the webhook, and the events it handles.
  webhookUrl: z.string(),
  webhookEvents: z.array(z.string()),
  // The account Stripe answered for the keys when they were checked (only in the answer to a save).
  account: z.object({ id: z.string(), name: z.string().nullable() }).nullable().optional(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
