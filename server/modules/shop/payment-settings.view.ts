import type { PaymentMode, PaymentSettings } from "@/lib/contract/payment-settings";
import type { Tenant } from "../../http/context";
import { schoolUrl } from "../../notifications/school-url";
import type { ProviderKeys } from "../../payments/types";
import type { StoredPaymentSettings } from "./payment-settings.repository";

// What the office sees of the school's Stripe keys: the publishable key whole (every student's browser gets it), the
// secret key and the webhook secret only masked, as Stripe's dashboard shows them ('sk_test_…4242').

export const WEBHOOK_PATH = "/api/shop/stripe/webhook";
// The events webhook.service.ts acts on: the ones to tick when the endpoint is registered in Stripe.
export const WEBHOOK_EVENTS = ["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled"];

const KNOWN_PREFIX = /^((?:sk|rk|pk)_(?:test|live)_|whsec_)/;

export function maskSecret(value: string): string {
  const prefix = KNOWN_PREFIX.exec(value)?.[1] ?? value.slice(0, 3);
  const rest = value.slice(prefix.length);
  // Too short to give away its end without giving away most of it.
  return rest.length >= 12 ? `${prefix}…${rest.slice(-4)}` : `${prefix}…`;
}

// Test or live comes from the keys themselves: Stripe names the mode in every key's prefix.
export const modeOf = (key: string): PaymentMode => (/^(sk|rk|pk)_live_/.test(key) ? "live" : "test");

export function paymentSettingsView(tenant: Tenant, stored: StoredPaymentSettings | null, account?: PaymentSettings["account"]): PaymentSettings {
  const keys: ProviderKeys | null = stored?.keys ?? null;
  return {
    isEnabled: keys !== null,
    isUnreadable: stored?.isUnreadable ?? false,
    mode: keys ? modeOf(keys.secretKey) : null,
    publishableKey: keys?.publishableKey ?? null,
    secretKeyMasked: keys ? maskSecret(keys.secretKey) : null,
    webhookSecretMasked: keys ? maskSecret(keys.webhookSecret) : null,
    stripeAccount: keys?.stripeAccount ?? null,
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
    webhookUrl: schoolUrl(tenant, WEBHOOK_PATH),
    webhookEvents: WEBHOOK_EVENTS,
    ...(account !== undefined ? { account } : {}),
  };
}
