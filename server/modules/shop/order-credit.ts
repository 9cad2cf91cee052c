import type { Tx } from "../../db/client";
import { changeBalance } from "../balance/balance.service";
import { markIntentSucceeded, markOrderPaid, type OrderRow, type PaymentIntentRow } from "./shop.repository";
import { onBalanceCredited } from "../../notifications/account-events";

/** Thrown inside the transaction to undo it when the payment turns out to be applied already. */
export class AlreadyCreditedError extends Error {}

/**
 * Credits the order of a PaymentIntent that succeeded at Stripe, in the caller's transaction, with the intent's row
 * locked by the caller. Used by the webhook and by the expiry of orders (a payment Stripe completed after the order
 * expired here). Both updates are conditional: if either finds the payment applied, AlreadyCreditedError undoes
 * the whole transaction, so the balance is credited once whoever comes first.
 */
export async function creditOrder(tx: Tx, tenantId: string, row: PaymentIntentRow, order: OrderRow): Promise<"credited"> {
  const movement = await changeBalance(tx, {
    tenantId,
    studentId: order.studentId,
    mode: order.creditMode,
    amount: order.creditAmount,
    operation: "top-up",
    description: "recarga_admin",
  });
  const settled = movement && (await markIntentSucceeded(tx, tenantId, row.id, movement.id)) && (await markOrderPaid(tx, tenantId, order.id, movement.id));
  if (!settled) throw new AlreadyCreditedError();
  await onBalanceCredited(tx, tenantId, movement, "card", new Date());
  return "credited";
}

export function alreadyCreditedOutcome(error: unknown): "already_credited" {
  if (error instanceof AlreadyCreditedError) return "already_credited";
  throw error;
}
