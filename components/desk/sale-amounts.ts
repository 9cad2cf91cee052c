import { MAX_SALE_CENTS, type PaymentMethod } from "@/lib/contract/constants/sales";

// The sale form's arithmetic, in integer cents; the server applies the same rules (sales.service.ts priceOf).

/** The cents of a euro amount as typed ('150', '150,5', '150.50 €'), or null when it is not one. */
export function parseEuroAmount(value: string): number | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*(?:€\s*)?$/.exec(value);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents <= MAX_SALE_CENTS ? cents : null;
}

/** '150,00': a cents amount as the form shows it in an input. */
export const centsInput = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

export type SaleDraft = {
  unitPriceCents: number;
  quantity: number;
  hasDiscount: boolean;
  priceText: string; // the discounted total, when hasDiscount
  method: PaymentMethod;
  takenText: string; // what the student hands over (cash only)
};

export type SaleFigures = {
  listTotal: number;
  total: number | null; // null: the discounted price is not an amount
  taken: number | null; // null: the amount handed over is not an amount
  change: number | null; // cash only, when it covers the total
};

export function saleFigures(d: SaleDraft): SaleFigures {
  const listTotal = d.unitPriceCents * d.quantity;
  const total = d.hasDiscount ? parseEuroAmount(d.priceText) : listTotal;
  // Any other method than cash takes exactly the total: nothing to type.
  const taken = d.method === "cash" ? (d.takenText.trim() === "" ? total : parseEuroAmount(d.takenText)) : total;
  const change = d.method === "cash" && total !== null && taken !== null && taken >= total ? taken - total : null;
  return { listTotal, total, taken, change };
}
