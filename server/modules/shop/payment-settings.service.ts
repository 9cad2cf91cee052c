import type { z } from "zod";
import type { PaymentSettings, paymentSettingsBodySchema } from "@/lib/contract/payment-settings";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError } from "../../http/errors";
import { KeysRefusedError, retrieveAccount, type KeyRefusal, type ProviderAccount } from "../../payments/stripe-gateway";
import type { ProviderKeys } from "../../payments/types";
import { recordAudit } from "../audit/audit.repository";
import { forgetSettings } from "../config/settings-cache";
import { deletePaymentKeys, findPaymentSettings, upsertPaymentKeys } from "./payment-settings.repository";
import { maskSecret, modeOf, paymentSettingsView } from "./payment-settings.view";

// Card payments switched on and off by the office (issue 31 §4). The tenant CLI (`npm run tenant -- --stripe`) writes
// the same row for operators, without the Stripe check and without the school's audit log.

type Body = z.output<typeof paymentSettingsBodySchema>;
type KeyField = "secretKey" | "publishableKey" | "webhookSecret";

const FIELD_LABELS: Record<KeyField, string> = {
  publishableKey: "la clave publicable",
  secretKey: "la clave secreta",
  webhookSecret: "el secreto del webhook",
};

const REFUSALS: Record<KeyRefusal, { path: string; message: string }> = {
  invalid_key: {
    path: "secretKey",
    message: "Stripe no reconoce la clave secreta. Cópiala de nuevo desde el panel de Stripe (Desarrolladores › Claves de API).",
  },
  key_not_allowed: {
    path: "secretKey",
    message: "Stripe no permite a esta clave leer los datos de la cuenta. Usa la clave secreta o una clave restringida con permiso de lectura de la cuenta.",
  },
  account_unreachable: { path: "stripeAccount", message: "Stripe indica que la clave no tiene acceso a esa cuenta conectada." },
};

const invalid = (code: string, message: string, path: string, status: 400 | 422 = 422) =>
  new AppError(code, message, status, { issues: [{ path, message }] });

export async function getPaymentSettings(db: Db, tenant: Tenant): Promise<PaymentSettings> {
  return paymentSettingsView(tenant, await findPaymentSettings(db, tenant.id));
}

// The keys as they will be: what the office pasted, and for what it left empty, what is stored (Stripe shows a live
// secret key only once, so changing the webhook secret must not require pasting the secret key again).
function mergeKeys(body: Body, stored: ProviderKeys | null): ProviderKeys {
  const merged = {
    secretKey: body.secretKey ?? stored?.secretKey,
    publishableKey: body.publishableKey ?? stored?.publishableKey,
    webhookSecret: body.webhookSecret ?? stored?.webhookSecret,
  };
  const missing = (["publishableKey", "secretKey", "webhookSecret"] as const).filter((k) => !merged[k]);
  if (missing.length > 0) {
    const message = `Para activar los pagos con tarjeta falta ${missing.map((k) => FIELD_LABELS[k]).join(", ")}`;
    throw new AppError("MISSING_REQUIRED_FIELDS", message, 400, { issues: missing.map((path) => ({ path, message })) });
  }
  const stripeAccount = body.stripeAccount !== undefined ? body.stripeAccount : (stored?.stripeAccount ?? null);
  return { ...(merged as Record<KeyField, string>), stripeAccount };
}

async function checkWithStripe(keys: ProviderKeys): Promise<ProviderAccount> {
  if (modeOf(keys.secretKey) !== modeOf(keys.publishableKey)) {
    const message = "La clave publicable y la clave secreta deben ser del mismo modo: las dos de prueba (_test_) o las dos reales (_live_).";
    throw invalid("VALIDATION_ERROR", message, "publishableKey");
  }
  try {
    return await retrieveAccount(keys.secretKey, keys.stripeAccount);
  } catch (error) {
    if (!(error instanceof KeysRefusedError)) throw error;
    const refusal = REFUSALS[error.reason];
    throw invalid("PAYMENT_KEYS_REFUSED", refusal.message, refusal.path);
  }
}

// Checked against Stripe before anything is written: keys Stripe refuses change nothing. The check runs outside the
// transaction (a network call must not hold a database transaction open).
export async function savePaymentSettings(db: Db, tenant: Tenant, auth: Auth, body: Body): Promise<PaymentSettings> {
  if (Object.values(body).every((v) => v === undefined)) throw new AppError("VALIDATION_ERROR", "No hay cambios que guardar", 422);
  const stored = await findPaymentSettings(db, tenant.id);
  const before = stored?.keys ?? null;
  const keys = mergeKeys(body, before);
  const account = await checkWithStripe(keys);
  const changed = (["publishableKey", "secretKey", "webhookSecret", "stripeAccount"] as const).filter((k) => keys[k] !== before?.[k]);
  if (changed.length === 0) return paymentSettingsView(tenant, stored, account);

  await db.transaction(async (tx) => {
    await upsertPaymentKeys(tx, tenant.id, keys);
    await recordAudit(tx, tenant.id, auth, {
      action: before ? "payment_settings.updated" : "payment_settings.enabled",
      targetType: "payment_settings",
      // Masked only: the audit log is read by every administrator and ends up in exports.
      details: {
        changed,
        mode: modeOf(keys.secretKey),
        publishableKey: keys.publishableKey,
        secretKey: maskSecret(keys.secretKey),
        webhookSecret: maskSecret(keys.webhookSecret),
        stripeAccount: keys.stripeAccount,
        account: account.id,
      },
    });
  });
  // Once committed, so no read of this process keeps card payments as they were (settings-cache.ts).
  forgetSettings();
  return paymentSettingsView(tenant, await findPaymentSettings(db, tenant.id), account);
}

// Card top-up off for the school's students: the keys are deleted, not kept aside (switching on again means pasting
// them, checked anew). Switching off what is already off changes nothing and records nothing.
export async function disablePaymentSettings(db: Db, tenant: Tenant, auth: Auth): Promise<PaymentSettings> {
  await db.transaction(async (tx) => {
    const stored = await findPaymentSettings(tx, tenant.id);
    if (!(await deletePaymentKeys(tx, tenant.id))) return;
    const details = stored?.keys ? { mode: modeOf(stored.keys.secretKey), secretKey: maskSecret(stored.keys.secretKey) } : { unreadable: true };
    await recordAudit(tx, tenant.id, auth, { action: "payment_settings.disabled", targetType: "payment_settings", details });
  });
  forgetSettings();
  return paymentSettingsView(tenant, null);
}
