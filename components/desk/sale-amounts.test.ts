import { parseEuroAmount, saleFigures, type SaleDraft } from "./sale-amounts";

const draft: SaleDraft = { unitPriceCents: 16500, quantity: 2, hasDiscount: false, priceText: "", method: "cash", takenText: "" };

describe("the sale form's amounts", () => {
  it.each([
    ["150", 15000],
    ["150,5", 15050],
    ["150.05 €", 15005],
    ["0,99", 99],
    ["abc", null],
    ["1,234", null],
    ["-5", null],
    ["", null],
  ])("reads '%s' as %p cents", (text, cents) => {
    expect(parseEuroAmount(text)).toBe(cents);
  });

  it("charges the catalogue price unless there is a discount", () => {
    expect(saleFigures(draft)).toEqual({ listTotal: 33000, total: 33000, taken: 33000, change: 0 });
    expect(saleFigures({ ...draft, hasDiscount: true, priceText: "300" })).toMatchObject({ listTotal: 33000, total: 30000 });
    expect(saleFigures({ ...draft, hasDiscount: true, priceText: "trescientos" })).toMatchObject({ total: null, change: null });
  });

  it("gives change in cash only, when what is handed over covers the total", () => {
    expect(saleFigures({ ...draft, takenText: "350" })).toMatchObject({ taken: 35000, change: 2000 });
    expect(saleFigures({ ...draft, takenText: "300" })).toMatchObject({ taken: 30000, change: null });
    expect(saleFigures({ ...draft, method: "bizum", takenText: "350" })).toMatchObject({ taken: 33000, change: null });
  });
});
