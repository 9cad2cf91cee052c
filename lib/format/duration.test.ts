import { formatDuration } from "./duration";
import { formatMoney } from "./money";

describe("formatDuration", () => {
  it.each([
    [0, "0m"],
    [59, "0m"],
    [1800, "30m"],
    [3600, "1h"],
    [5400, "1h 30m"],
    [36000, "10h"],
    [-5400, "-1h 30m"],
  ])("%i seconds → %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe("formatMoney", () => {
  it("shows cents as euros with the Spanish locale", () => {
    expect(formatMoney(3500).replace(/\s/g, " ")).toBe("35,00 €");
    expect(formatMoney(123456).replace(/\s/g, " ")).toBe("1234,56 €");
  });
});
