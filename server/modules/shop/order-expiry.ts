import type { Db } from "../../db/client";
import { safeErrorSummary } from "../../db/pg-errors";
import { getLogger } from "../../logger";
import { cancelIntent } from "../../payments/stripe-gateway";
import type { ProviderIntent, ProviderKeys } from "../../payments/types";
import { alreadyCreditedOutcome, creditOrder } from "./order-credit";
import { findPaymentKeys } from "./payment-settings.repository";
import {
  claimIntentsToCancel,
  expirePendingOrders,
  findOrder,
  lockIntentByStripeId,
  markIntentClosed,
  type PaymentIntentRow,
} from "./shop.repository";

/** A pending order is open for a day; then it expires (the reads treat it so at once, the housekeeping marks it). */
export const ORDER_TTL_MS = 24 * 3_600_000;
// A cancel Stripe could not do (unreachable, intent still processing) is tried again this much later.
export const CANCEL_RETRY_MS = 10 * 60_000;
const BATCH = 100;
const MAX_BATCHES = 10;

export const openOrdersSince = (now: Date) => new Date(now.getTime() - ORDER_TTL_MS);
export const isPastExpiry = (createdAt: Date, now: Date) => createdAt.getTime() <= now.getTime() - ORDER_TTL_MS;

export type ExpiryRound = { expired: number; canceled: number; credited: number };

/**
 * The housekeeping's part for orders (server/http/housekeeping.ts): marks the pending orders older than a day expired,
 * then cancels their open PaymentIntents at Stripe. Every step is a conditional update, so a second replica (or a
 * second round) changes nothing twice; cancelling an intent twice at Stripe only gets Stripe's refusal, read back as
 * the intent's status. An intent Stripe says succeeded meanwhile is credited here, once, like its webhook would.
 */
export async function expireOrders(db: Db, now = new Date()): Promise<ExpiryRound> {
  let expired = 0;
  for (let batch = 0, n = BATCH; n === BATCH && batch < MAX_BATCHES; batch++) {
    n = await expirePendingOrders(db, openOrdersSince(now), now, BATCH);
    expired += n;
  }
  const due = await claimIntentsToCancel(db, now, new Date(now.getTime() - CANCEL_RETRY_MS), BATCH);
  const keysOf = new Map<string, Promise<ProviderKeys | null>>();
  const round: ExpiryRound = { expired, canceled: 0, credited: 0 };
  for (const row of due) {
    if (!keysOf.has(row.tenantId)) keysOf.set(row.tenantId, findPaymentKeys(db, row.tenantId));
    const keys = await keysOf.get(row.tenantId)!;
    if (!keys) continue; // no keys to reach Stripe with: tried again next time
    try {
      const intent = await cancelIntent(keys, row.stripeId);
      if (intent.status === "canceled") {
        await markIntentClosed(db, row.tenantId, row.id, "canceled");
        round.canceled++;
      } else if (intent.status === "succeeded" && (await creditLateSuccess(db, row, intent)) === "credited") {
        round.credited++;
      }
    } catch (error) {
      getLogger().warn({ tenantId: row.tenantId, paymentIntent: row.stripeId, ...safeErrorSummary(error) }, "expired order: PaymentIntent not cancelled yet");
    }
  }
  return round;
}

async function creditLateSuccess(db: Db, claimed: PaymentIntentRow, intent: ProviderIntent) {
  if (intent.amountCents !== claimed.amountCents || intent.currency !== claimed.currency || intent.orderId !== claimed.orderId) return "rejected";
  return db
    .transaction(async (tx) => {
      const row = await lockIntentByStripeId(tx, claimed.tenantId, claimed.stripeId);
      const order = row && (await findOrder(tx, claimed.tenantId, row.orderId));
      if (!row || !order || order.totalCents !== row.amountCents) return "rejected" as const;
      if (row.status === "succeeded" || order.status === "paid") return "already_credited" as const;
      return creditOrder(tx, claimed.tenantId, row, order);
    })
    .catch(alreadyCreditedOutcome);
}
