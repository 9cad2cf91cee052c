import { PAYMENT_MESSAGES } from "./payment-outcome";

// What stops the payment page from offering the card form, as one message with a way back (second document §2, §8).
// An old or hand-made link can fail in several ways at once (a school without Stripe *and* an unknown order): the
// student sees the one that matters most, the school's configuration first, since no order could be paid without it.

export type PaymentBlock = {
  message: string;
  /** 'Recargar saldo' is offered where a new order could be paid; 'Volver a Mi saldo' always. */
  canTopUp: boolean;
};

type SettingsState = { failed: boolean; publicKey: string | null | undefined };
type OrderState = { errorText: string | null; status: "pending" | "paid" | "expired" | undefined };

export const CONFIG_INCOMPLETE_TEXT = `${PAYMENT_MESSAGES.configIncomplete}. Ponte en contacto con soporte.`;
export const ORDER_PAID_TEXT = "Este pedido ya está pagado";
export const ORDER_EXPIRED_TEXT = "Este pedido ha caducado. Vuelve a Recargar saldo para hacer uno nuevo.";

/** null when the card form can be offered (or once both answers are in, nothing is wrong). */
export function paymentBlock(settings: SettingsState, order: OrderState): PaymentBlock | null {
  if (settings.failed) return { message: PAYMENT_MESSAGES.configError, canTopUp: true };
  if (settings.publicKey === null || settings.publicKey === "") return { message: CONFIG_INCOMPLETE_TEXT, canTopUp: false };
  if (order.errorText !== null) return { message: order.errorText, canTopUp: true };
  if (order.status === "paid") return { message: ORDER_PAID_TEXT, canTopUp: true };
  if (order.status === "expired") return { message: ORDER_EXPIRED_TEXT, canTopUp: true };
  return null;
}
