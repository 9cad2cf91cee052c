import { expect, type Page } from "@playwright/test";
import { formatBalance, movementAmounts } from "@/components/balance/balance-amount";
import { balanceHistorySchema, balanceSchema, type Balance, type BalanceHistory } from "@/lib/contract/balance";

// What the student can check on 'Mi saldo' after anything moved their balance: the balance is the sum of the
// movements listed under it (top-ups minus consumptions, from zero), each row's 'Antes'/'Después' chain up to it,
// and the page shows exactly what the API answers. Read through the student's own session (the page's cookies).
async function readLedger(page: Page): Promise<{ balance: Balance; history: BalanceHistory }> {
  return page.evaluate(async () => {
    const get = async (path: string) => {
      const res = await fetch(path, { cache: "no-store" });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.json();
    };
    const [balance, history] = await Promise.all([get("/api/student/balance"), get("/api/student/balance/history")]);
    return { balance, history };
  });
}

export async function expectBalanceMatchesHistory(page: Page, origin: string) {
  await page.goto(`${origin}/student/balance/history`);
  // A webhook still in flight may credit between the two reads: look again until they agree.
  await expect(async () => {
    const raw = await readLedger(page);
    const balance = balanceSchema.parse(raw.balance);
    const all = balanceHistorySchema.parse(raw.history);
    // A school that changed its balance mode keeps the other mode's movements listed; they do not add up here.
    const history = all.filter((m) => m.type === balance.balanceMode);
    const value = (balance.balanceMode === "time" ? balance.timeBalanceSeconds : balance.moneyBalanceCents) ?? 0;
    const amountOf = (m: BalanceHistory[number]) => (m.type === "time" ? m.secondsAmount : m.moneyAmount) ?? 0;
    const before = (m: BalanceHistory[number]) => (m.type === "time" ? m.secondsAmountBefore : m.moneyAmountBefore) ?? 0;
    const after = (m: BalanceHistory[number]) => (m.type === "time" ? m.secondsAmountAfter : m.moneyAmountAfter) ?? 0;

    const sum = history.reduce((total, m) => total + (m.operation === "top-up" ? amountOf(m) : -amountOf(m)), 0);
    expect(sum, "balance = top-ups − consumptions of the history").toBe(value);
    // Newest first: each movement starts where the previous (older) one ended, the oldest from zero.
    history.forEach((m, i) => {
      const older = history[i + 1];
      expect(before(m), `'Antes' of movement ${i}`).toBe(older ? after(older) : 0);
      expect(after(m) - before(m), `movement ${i} moves by its amount`).toBe(m.operation === "top-up" ? amountOf(m) : -amountOf(m));
    });
    if (history[0]) expect(after(history[0]), "'Después' of the newest movement").toBe(value);

    // The page shows the same: the balance, and one row per movement with its amount.
    await page.reload();
    await expect(page.getByTestId("balance-amount")).toHaveText(formatBalance(balance));
    const rows = page.getByTestId("balance-movement");
    if (all.length === 0) await expect(page.getByText("No hay movimientos")).toBeVisible();
    await expect(rows).toHaveCount(all.length);
    await expect(rows).toContainText(all.map((m) => movementAmounts(m).amount));
  }).toPass({ timeout: 20_000 });
}
