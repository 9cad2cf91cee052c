import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { InvalidWebhookError, verifyEvent } from "../../payments/stripe-gateway";
import type { ProviderEvent } from "../../payments/types";
import { alreadyCreditedOutcome, creditOrder } from "./order-credit";
import { findPaymentKeys } from "./payment-settings.repository";
import { findOrder, lockIntentByStripeId, markIntentClosed, recordWebhookEvent } from "./shop.repository";
import { onPaymentFailed } from "../../notifications/account-events";

export type WebhookOutcome = "credited" | "already_credited" | "duplicate" | "recorded" | "ignored" | "rejected";

const invalidSignature = () => new AppError("INVALID_SIGNATURE", "Firma del webhook no válida", 400);

// Stripe's webhook for one school (the host decides which): verified with that school's secret, then applied
// in one transaction. Only payment_intent.succeeded credits, once per PaymentIntent.
export async function handleStripeWebhook(
  db: Db,
  tenantId: string,
  rawBody: Uint8Array,
  signature: string | null,
  logger: Logger,
): Promise<WebhookOutcome> {
  const keys = await findPaymentKeys(db, tenantId);
  if (!keys) throw new AppError("PAYMENTS_NOT_CONFIGURED", "Pagos no configurados", 400);
  let event: ProviderEvent;
  try {
    event = verifyEvent(keys, rawBody, signature);
  } catch (error) {
    if (error instanceof InvalidWebhookError) {
      logger.warn({ tenantId, reason: error.message }, "stripe webhook refused");
      throw invalidSignature();
    }
    throw error;
  }
  const outcome = await applyEvent(db, tenantId, keys.stripeAccount, event);
  // Ids only: never the body, the signature or the keys.
  logger.info({ tenantId, eventId: event.id, eventType: event.type, paymentIntent: event.intent?.id ?? null, outcome }, "stripe webhook");
  return outcome;
}

async function applyEvent(db: Db, tenantId: string, account: string | null, event: ProviderEvent): Promise<WebhookOutcome> {
  const intent = event.intent;
  if (event.kind === "other" || !intent) return "ignored";
  // An event of another connected account, or an intent another school created, is not ours to apply.
  if (account && event.account && event.account !== account) return "rejected";
  if (intent.tenantId !== tenantId) return "rejected";

  return db.transaction(async (tx) => {
    const row = await lockIntentByStripeId(tx, tenantId, intent.id);
    if (!row || row.orderId !== intent.orderId) return "rejected";
    const order = await findOrder(tx, tenantId, row.orderId);
    const amountMatches = intent.amountCents === row.amountCents && intent.currency === row.currency && order?.totalCents === row.amountCents;
    if (!order || !amountMatches) return "rejected";
    if (!(await recordWebhookEvent(tx, { tenantId, eventId: event.id, type: event.type, stripePaymentIntentId: intent.id }))) return "duplicate";

    if (event.kind !== "payment_succeeded") {
      await markIntentClosed(tx, tenantId, row.id, event.kind === "payment_failed" ? "failed" : "canceled");
      if (event.kind === "payment_failed") await onPaymentFailed(tx, tenantId, { intentId: row.id, studentId: order.studentId, amountCents: row.amountCents }, new Date());
      return "recorded";
    }
    if (row.status === "succeeded" || order.status === "paid") return "already_credited";
    // An expired order is credited too: Stripe took the money (the expiry's cancel came too late, or failed).
    return creditOrder(tx, tenantId, row, order);
  }).catch(alreadyCreditedOutcome);
}
