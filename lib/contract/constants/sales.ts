// Plain values of the desk-sales contract (issue 31 §3): no zod here, so the browser can use them without the schema
// library.

export const PAYMENT_METHODS = ["cash", "card", "transfer", "bizum"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Efectivo",
  card: "Tarjeta en oficina",
  transfer: "Transferencia",
  bizum: "Bizum",
};

export const MAX_SALE_QUANTITY = 20;
export const MAX_SALE_CENTS = 10_000_000; // 100.000 €
export const DISCOUNT_REASON_MAX = 200;

export const DISCOUNT_REASON_REQUIRED = "Indica el motivo del descuento";
export const DISCOUNT_ABOVE_PRICE = "El precio con descuento no puede superar el precio de catálogo";
export const CASH_TOO_LITTLE = "El importe entregado no cubre el total de la venta";
export const AMOUNT_MUST_MATCH = "Con tarjeta, transferencia o Bizum el importe cobrado es el total de la venta";

// 2026-000042: the receipt's number as printed, per school and year.
export const receiptCode = (year: number, n: number) => `${year}-${String(n).padStart(6, "0")}`;
