import type { Balance } from "@/lib/contract/balance";

// What one slot costs in the tenant's balance mode (spec §5): seconds in time mode, cents in money mode.
export function slotCost(mode: Balance["balanceMode"], durationSeconds: number, hourlyPriceCents: number): number {
  return mode === "time" ? durationSeconds : Math.round((hourlyPriceCents * durationSeconds) / 3600);
}

export function totalCost(mode: Balance["balanceMode"], durations: readonly number[], hourlyPriceCents: number): number {
  return durations.reduce((sum, d) => sum + slotCost(mode, d, hourlyPriceCents), 0);
}

/** The balance available in its own mode (seconds or cents); a null amount counts as 0. */
export function availableAmount(balance: Balance): number {
  return (balance.balanceMode === "time" ? balance.timeBalanceSeconds : balance.moneyBalanceCents) ?? 0;
}

/** True when the already selected durations plus the new ones fit the balance (spec §5, slot selection). */
export function fitsBalance(
  balance: Balance,
  selectedDurations: readonly number[],
  newDurations: readonly number[],
  hourlyPriceCents: number,
): boolean {
  const cost = totalCost(balance.balanceMode, [...selectedDurations, ...newDurations], hourlyPriceCents);
  return cost <= availableAmount(balance);
}
