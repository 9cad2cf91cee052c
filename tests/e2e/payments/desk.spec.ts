import { expect, test } from "@playwright/test";
import { expectBalanceMatchesHistory } from "./ledger";
import { norte, signInAt } from "../support/auth";
import { euroCents, SHOTS } from "./stripe-routes";

// After the office's adjustments, Pablo's own 'Mi saldo' still adds up: balance = sum of the movements listed.
test.afterEach(async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const student = await context.newPage();
    await signInAt(student, norte, "norte.alumno", "alumno123", /\/student\/reservations$/);
    await expectBalanceMatchesHistory(student, norte);
  } finally {
    await context.close();
  }
});

test("the school's desk: the administrator adds balance for cash at the counter, never below zero", async ({ page }) => {
  await signInAt(page, norte, "norte.admin", "admin123", /\/administrator$/);
  await page.getByRole("link", { name: "Saldos" }).click();
  await expect(page).toHaveURL(/\/administrator\/balances$/);
  await page.getByRole("searchbox", { name: "Buscar alumno" }).fill("pablo");
  await page.getByRole("button", { name: /Pablo Iglesias Sanz/ }).click();
  await expect(page).toHaveURL(/\?student=[0-9a-f-]{36}$/);
  const balance = page.getByTestId("desk-balance");
  const before = euroCents(await balance.innerText());

  await page.getByLabel("Importe (€)").fill("20,00");
  await page.getByLabel("Motivo").fill("Pago en efectivo en la oficina");
  await page.getByRole("button", { name: "Registrar ajuste" }).click();
  await expect.poll(async () => euroCents(await balance.innerText())).toBe(before + 2000);
  const latest = page.getByTestId("desk-movement").first();
  await expect(latest).toContainText("Compra de saldo");
  await expect(latest).toContainText("Motivo: Pago en efectivo en la oficina");
  await expect(latest).toContainText("Jorge Campos");

  // A deduction larger than the balance is refused and changes nothing.
  await page.getByLabel("Descontar saldo").check();
  await page.getByLabel("Importe (€)").fill("9999,00");
  await page.getByLabel("Motivo").fill("Corrección");
  await page.getByRole("button", { name: "Registrar ajuste" }).click();
  await expect(page.getByText("El ajuste dejaría el saldo por debajo de cero")).toBeVisible();
  expect(euroCents(await balance.innerText())).toBe(before + 2000);
  await page.screenshot({ path: `${SHOTS}/desk.png`, fullPage: true });
});
