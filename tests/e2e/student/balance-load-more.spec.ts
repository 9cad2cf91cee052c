import { expect, test } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { movementAmounts } from "@/components/balance/balance-amount";
import type { BalanceMovement } from "@/lib/contract/balance";
import { createFreshStudent, signInAsStudent } from "../support/fresh-student";

// 'Mi saldo' reads the movements a page at a time (50, newest first): the older ones come with 'Cargar más'.
const ADJUSTMENTS = 53;

test("a student with more movements than one page sees the older ones after 'Cargar más'", async ({ page }) => {
  test.setTimeout(120_000);
  const student = await createFreshStudent(page, "Marta");
  // The office tops the balance up 53 times, one minute more each time (the oldest: +1m).
  for (let i = 1; i <= ADJUSTMENTS; i++) {
    const response = await page.request.post(`/api/administrator/balances/students/${student.id}/adjustments`, {
      headers: { origin: baseURL },
      data: { operation: "top-up", amount: i * 60, reason: `Bono ${i}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await signInAsStudent(page, student);
  await page.getByRole("link", { name: "Mi saldo" }).click();
  const rows = page.getByTestId("balance-movement");
  await expect(rows).toHaveCount(50);
  const all = (await (await page.request.get("/api/student/balance/history?limit=100")).json()) as BalanceMovement[];
  expect(all).toHaveLength(ADJUSTMENTS);
  const oldest = all[all.length - 1]!;
  // The newest is first; the three oldest are not on the page yet.
  await expect(rows.first()).toContainText(movementAmounts(all[0]!).amount);
  await expect(rows.last()).toContainText(movementAmounts(all[49]!).amount);
  await expect(page.getByText(`Antes: ${movementAmounts(oldest).before} · Después: ${movementAmounts(oldest).after}`)).toHaveCount(0);

  await page.getByRole("button", { name: "Cargar más" }).click();
  await expect(rows).toHaveCount(ADJUSTMENTS);
  await expect(rows.last()).toContainText("Compra de saldo");
  await expect(rows.last()).toContainText(movementAmounts(oldest).amount);
  await expect(rows.last()).toContainText(`Antes: ${movementAmounts(oldest).before} · Después: ${movementAmounts(oldest).after}`);
  // No repeats: every movement once, and nothing more to load.
  await expect(page.getByRole("button", { name: "Cargar más" })).toHaveCount(0);
});
