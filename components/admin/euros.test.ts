import { PRICE_EUROS_ERROR, centsToEuros, eurosToCents } from "./euros";

describe("eurosToCents", () => {
  it.each([
    ["42", 4200],
    ["42,5", 4250],
    ["42.50", 4250],
    [" 0 ", 0],
    ["35 €", 3500],
    ["100000", 10_000_000],
  ])("reads %j as %d cents", (input, cents) => {
    expect(eurosToCents(input)).toBe(cents);
  });

  it.each(["", "-5", "12,345", "abc", "100000,01", "1.000,00", "4250 céntimos"])("refuses %j", (input) => {
    expect(eurosToCents(input)).toBeNull();
  });

  it("round-trips with the form's display and speaks euros, not cents", () => {
    expect(centsToEuros("4250")).toBe("42,50");
    expect(eurosToCents(centsToEuros("4250"))).toBe(4250);
    expect(PRICE_EUROS_ERROR).toContain("euros");
    expect(PRICE_EUROS_ERROR).not.toContain("céntimos");
  });
});
