import { parseEuros, parseHoursMinutes } from "./adjustment-amount";

describe("desk amounts", () => {
  it.each([
    ["20", 2000],
    ["20,5", 2050],
    ["20,05 €", 2005],
    ["1.250,00", 125000],
    ["0,01", 1],
    ["0", null],
    ["-5", null],
    ["abc", null],
    ["1,234", null],
    ["", null],
  ])("euros %p → %p", (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });

  it("reads hours and minutes", () => {
    expect(parseHoursMinutes("1", "30")).toBe(5400);
    expect(parseHoursMinutes("", "45")).toBe(2700);
    expect(parseHoursMinutes("2", "")).toBe(7200);
    expect(parseHoursMinutes("0", "0")).toBeNull();
    expect(parseHoursMinutes("1", "60")).toBeNull();
    expect(parseHoursMinutes("1.5", "0")).toBeNull();
  });
});
