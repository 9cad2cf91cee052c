import type { Balance, BalanceMovement } from "@/lib/contract/balance";
import { formatDuration } from "@/lib/format/duration";
import { formatMoney } from "@/lib/format/money";

/** An amount in the balance's own unit: seconds as 'Xh Ym' (time mode), cents in euros (money mode). */
export const formatAmount = (mode: Balance["balanceMode"], amount: number) =>
  mode === "time" ? formatDuration(amount) : formatMoney(amount);

export function formatBalance(balance: Balance): string {
  return balance.balanceMode === "time"
    ? formatDuration(balance.timeBalanceSeconds ?? 0)
    : formatMoney(balance.moneyBalanceCents ?? 0);
}

/** The movement's amount, before and after, in its own mode; null fields count as 0. */
export function movementAmounts(m: BalanceMovement) {
  const [amount, before, after] =
    m.type === "time"
      ? [m.secondsAmount, m.secondsAmountBefore, m.secondsAmountAfter]
      : [m.moneyAmount, m.moneyAmountBefore, m.moneyAmountAfter];
  const sign = m.operation === "top-up" ? "+" : "-";
  return {
    amount: `${sign}${formatAmount(m.type, Math.abs(amount ?? 0))}`,
    before: formatAmount(m.type, before ?? 0),
    after: formatAmount(m.type, after ?? 0),
  };
}
