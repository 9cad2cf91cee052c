import { fitsBalance, slotCost, totalCost } from "./balance";

const time = { balanceMode: "time" as const, timeBalanceSeconds: 36000, moneyBalanceCents: null };
const money = { balanceMode: "money" as const, timeBalanceSeconds: null, moneyBalanceCents: 10000 };

describe("slot cost", () => {
  it("is seconds in time mode and hourly price x duration in money mode", () => {
    expect(slotCost("time", 5400, 3500)).toBe(5400);
    expect(slotCost("money", 3600, 3500)).toBe(3500);
    expect(slotCost("money", 5400, 3500)).toBe(5250);
    expect(totalCost("money", [3600, 7200], 3500)).toBe(10500);
  });
});

describe("fitsBalance", () => {
  it("time mode: selected seconds plus duration <= balance", () => {
    expect(fitsBalance(time, [7200, 7200, 7200, 7200], [7200], 3500)).toBe(true);
    expect(fitsBalance(time, [7200, 7200, 7200, 7200, 7200], [3600], 3500)).toBe(false);
  });

  it("money mode: selected cost plus hourly price x duration <= balance", () => {
    expect(fitsBalance(money, [3600], [3600], 5000)).toBe(true);
    expect(fitsBalance(money, [3600], [5400], 5000)).toBe(false);
  });

  it("treats a null amount as nothing", () => {
    expect(fitsBalance({ ...time, timeBalanceSeconds: null }, [], [3600], 0)).toBe(false);
  });
});
