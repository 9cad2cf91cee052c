const euro = new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" });

// Money is held in integer cents and shown in euros with the Spanish locale (spec §9; second document §9).
export function formatMoney(cents: number): string {
  return euro.format(cents / 100);
}
