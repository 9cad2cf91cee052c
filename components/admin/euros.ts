import { HOURLY_PRICE_MAX_CENTS } from "@/lib/contract/constants/backoffice";

// The office types prices in euros ('42', '42,5', '42.50'); the API keeps integer cents (0 to 100 000 €).
export const PRICE_EUROS_ERROR = "El precio por hora debe ser un importe en euros entre 0 y 100.000, con dos decimales como máximo (por ejemplo 42,50)";

/** The cents of a euro amount, or null when it is not one the school can charge. */
export function eurosToCents(value: string): number | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*(?:€\s*)?$/.exec(value);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents <= HOURLY_PRICE_MAX_CENTS ? cents : null;
}

export const centsToEuros = (cents: string) => (/^\d+$/.test(cents) ? (Number(cents) / 100).toFixed(2).replace(".", ",") : cents);
