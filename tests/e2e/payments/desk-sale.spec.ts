import fs from "node:fs";
import { expect, test, type Download } from "@playwright/test";
import { pdfText } from "@/tests/fixtures/pdf-text";
import { createFreshStudent, signInAsStudent } from "../support/fresh-student";
import { SHOTS } from "./stripe-routes";

// The office on a phone (issue 31 §3): sell a pack at the desk with a discount, paid in cash, download the payment
// receipt, find the sale in the day's cash; the student downloads the same receipt from 'Mi saldo'.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

const textOf = async (download: Download) => pdfText(new Uint8Array(fs.readFileSync((await download.path())!)));

test("the office sells a pack at the desk and both the office and the student download its receipt", async ({ page }) => {
  const student = await createFreshStudent(page, "Celia");
  await page.goto("/administrator/balances");
  await expect(page.getByRole("heading", { name: "Caja y saldos" })).toBeVisible();

  await page.getByRole("button", { name: "Vender" }).click();
  const dialog = page.getByRole("dialog", { name: "Vender" });
  await dialog.getByLabel("Alumno").fill(student.name);
  await dialog.getByRole("button", { name: new RegExp(student.name) }).click();
  await expect(dialog.getByTestId("sale-student")).toHaveText(student.name);

  await dialog.getByLabel(/Pack 5 horas/).check();
  await dialog.getByRole("button", { name: "Añadir uno" }).click();
  await expect(dialog.getByTestId("sale-list-total")).toHaveText(/^330,00\s€$/);

  // A discount needs its reason: the server says so and nothing is sold.
  await dialog.getByLabel("Aplicar un descuento").check();
  await dialog.getByLabel("Precio final (€)").fill("300");
  await dialog.getByRole("button", { name: /Cobrar 300,00/ }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Indica el motivo del descuento");
  await dialog.getByLabel("Motivo del descuento").fill("Promoción de otoño");

  await dialog.getByLabel("Efectivo").check();
  await dialog.getByLabel("Importe entregado (€)").fill("310");
  await expect(dialog.getByText(/Cambio:\s*10,00/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desk-sale-form.png`, fullPage: true });
  await dialog.getByRole("button", { name: /Cobrar 300,00/ }).click();

  const sold = page.getByRole("dialog", { name: "Venta registrada" });
  await expect(sold).toContainText(new RegExp(`${student.name} · Justificante \\d{4}-\\d{6}`));
  const receipt = /Justificante (\d{4}-\d{6})/.exec(await sold.innerText())![1]!;
  await page.screenshot({ path: `${SHOTS}/desk-sale-done.png` });
  const [download] = await Promise.all([page.waitForEvent("download"), sold.getByRole("link", { name: "Descargar justificante" }).click()]);
  expect(download.suggestedFilename()).toBe(`justificante-${receipt}.pdf`);
  const text = await textOf(download);
  for (const expected of ["Justificante de pago", receipt, student.name, "Pack 5 horas × 2", "Descuento: Promoción de otoño", "300,00 €", "Efectivo", "10,00 €", "10h"]) {
    expect(text).toContain(expected);
  }
  await sold.getByRole("button", { name: "Hecho" }).click();

  // The day's cash lists the sale under cash, with its receipt.
  await page.getByRole("button", { name: "Ventas y caja" }).click();
  await expect(page).toHaveURL(/view=caja/);
  const row = page.getByTestId("sale-row").filter({ hasText: student.name });
  await expect(row).toContainText("Pack 5 horas × 2");
  await expect(row).toContainText("Efectivo");
  await expect(row.getByRole("link", { name: `Descargar justificante ${receipt}` })).toBeVisible();
  await expect(page.getByTestId("cash-cash")).not.toHaveText(/^0,00/);
  await page.screenshot({ path: `${SHOTS}/desk-cash.png`, fullPage: true });

  // The student: 10 h more, and the same receipt in 'Mi saldo'.
  await signInAsStudent(page, student);
  await page.goto("/student/balance/history");
  await expect(page.getByTestId("balance-amount")).toHaveText("10h");
  const own = page.getByTestId("receipt").filter({ hasText: "Pack 5 horas × 2" });
  const [mine] = await Promise.all([page.waitForEvent("download"), own.getByRole("link", { name: `Descargar justificante ${receipt}` }).click()]);
  expect(await textOf(mine)).toContain(receipt);
  await page.screenshot({ path: `${SHOTS}/desk-sale-student.png`, fullPage: true });
});
