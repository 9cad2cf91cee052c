import type { OfficePayment } from "@/lib/contract/office-home";
import { formatAmount } from "@/components/balance/balance-amount";
import { formatMoney } from "@/lib/format/money";

// Plain readings of the office's home (components/office/office-home.tsx): no React, unit-tested.

export const PAYMENT_METHOD_LABELS: Record<NonNullable<OfficePayment["method"]>, string> = {
  "card-online": "Tarjeta (en línea)",
  cash: "Efectivo",
  "card-desk": "Tarjeta en oficina",
  transfer: "Transferencia",
  bizum: "Bizum",
};

const KIND_LABELS: Record<OfficePayment["kind"], string> = {
  card: "Pago con tarjeta",
  "desk-top-up": "Recarga en oficina",
  "desk-sale": "Venta en oficina",
};

/** What was taken today, in cents, over the payments that record money (desk top-ups record none). */
export function moneyTaken(payments: readonly OfficePayment[]): number {
  return payments.reduce((sum, p) => sum + (p.amountCents ?? 0), 0);
}

/** The payment's main figure: the money taken, else what was credited ('+2h', '+30,00 €'). */
export function paymentAmount(p: OfficePayment): string {
  if (p.amountCents !== null) return formatMoney(p.amountCents);
  if (p.credit) return `+${formatAmount(p.credit.mode, p.credit.amount)}`;
  return "—";
}

/** The line under the student's name: how it was paid, and what it was, when the description adds to it. */
export function paymentDetail(p: OfficePayment): string {
  const how = p.method ? PAYMENT_METHOD_LABELS[p.method] : KIND_LABELS[p.kind];
  const what = p.description.trim();
  return [how, what && what !== how ? what : null, p.by ? `por ${p.by}` : null].filter(Boolean).join(" · ");
}
