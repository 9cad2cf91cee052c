import type { OfficePayment } from "@/lib/contract/office-home";
import { moneyTaken, paymentAmount, paymentDetail } from "./home-view";

const payment = (over: Partial<OfficePayment>): OfficePayment => ({
  id: "card:1",
  kind: "card",
  at: "2026-11-27T09:00:00.000Z",
  student: { id: "00000000-0000-4000-8000-000000000001", name: "Lucía Martín García" },
  amountCents: 4500,
  method: "card-online",
  credit: { mode: "time", amount: 3600 },
  description: "Bono 1 hora",
  by: null,
  receiptPath: null,
  ...over,
});

describe("office home payments", () => {
  it("adds up the money taken, leaving out desk top-ups that record none", () => {
    const list = [payment({}), payment({ id: "desk:2", kind: "desk-top-up", amountCents: null, method: null }), payment({ amountCents: 1050 })];
    expect(moneyTaken(list)).toBe(5550);
    expect(moneyTaken([])).toBe(0);
  });

  it("shows the money taken, or what was credited when no money was recorded", () => {
    expect(paymentAmount(payment({}))).toMatch(/^45,00\s€$/);
    expect(paymentAmount(payment({ amountCents: null, credit: { mode: "time", amount: 5400 } }))).toBe("+1h 30m");
    expect(paymentAmount(payment({ amountCents: null, credit: null }))).toBe("—");
  });

  it("names the method, the description and who recorded it", () => {
    expect(paymentDetail(payment({}))).toBe("Tarjeta (en línea) · Bono 1 hora");
    expect(paymentDetail(payment({ kind: "desk-sale", method: "bizum", by: "Ana Torres" }))).toBe("Bizum · Bono 1 hora · por Ana Torres");
    expect(paymentDetail(payment({ kind: "desk-top-up", method: null, description: "Recarga en oficina", by: "Ana Torres" }))).toBe(
      "Recarga en oficina · por Ana Torres",
    );
  });
});
