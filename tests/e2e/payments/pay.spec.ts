import { expect, test, type Page } from "@playwright/test";
import { euroCents, norte, routeStripe, SHOTS, signInAt } from "./stripe-routes";

// Autoescuela Norte (money mode): Pablo tops up 50 € by card. The stand-in of Stripe's API sends the signed
// payment_intent.succeeded webhook through the app's BFF, which credits the balance.
test.beforeEach(async ({ page }) => {
  await routeStripe(page);
  await signInAt(page, norte, "norte.alumno", "alumno123", /\/student\/reservations$/);
});

async function balanceCents(page: Page) {
  await page.goto(`${norte}/student/balance/history`);
  return euroCents(await page.getByTestId("balance-amount").innerText());
}

async function orderFiftyEuros(page: Page) {
  await page.goto(`${norte}/student/balance/top-up`);
  await page.getByTestId("product-card").filter({ hasText: "Recarga de 50 €" }).click();
  await expect(page.getByTestId("top-up-total")).toHaveText(/^50,00\s€$/);
  await page.getByRole("button", { name: "Pagar ahora" }).click();
  await expect(page).toHaveURL(/\/student\/balance\/payment\?/);
  await expect(page.getByRole("button", { name: "Pagar 50,00 €" })).toBeEnabled();
}

async function payWith(page: Page, card: string) {
  await page.getByLabel("Número de tarjeta").fill(card);
  await page.getByRole("button", { name: "Pagar 50,00 €" }).click();
}

test("a declined card, then a good one: 'Pago completado', back to the history after 3 s, balance credited once", async ({ page }) => {
  const before = await balanceCents(page);
  await orderFiftyEuros(page);

  await payWith(page, "4000 0000 0000 0002");
  await expect(page.getByText("Tu tarjeta ha sido rechazada.")).toBeVisible();

  await payWith(page, "4242 4242 4242 4242");
  await expect(page.getByText("Pago completado exitosamente").first()).toBeVisible();
  await expect(page.getByText("Pago completado", { exact: true })).toBeVisible(); // the toast
  await page.screenshot({ path: `${SHOTS}/payment-succeeded.png`, fullPage: true });
  await expect(page).toHaveURL(/\/student\/balance\/history\?redirect_status=succeeded$/, { timeout: 8000 });

  await expect(page.getByTestId("payment-return")).toContainText("Pago completado exitosamente");
  await expect.poll(async () => euroCents(await page.getByTestId("balance-amount").innerText()), { timeout: 15_000 }).toBe(before + 5000);
  const latest = page.getByTestId("balance-movement").first();
  await expect(latest).toContainText("Compra de saldo");
  await expect(latest).toContainText(/\+50,00\s€/);
  await page.screenshot({ path: `${SHOTS}/history-after-payment.png`, fullPage: true });

  // Nothing more arrives later (the other school's endpoint got the same event and ignored it).
  await page.waitForTimeout(1500);
  await page.reload();
  expect(euroCents(await page.getByTestId("balance-amount").innerText())).toBe(before + 5000);
});

test("a payment that needs authentication, and one still processing after the re-check", async ({ page }) => {
  const before = await balanceCents(page);
  await orderFiftyEuros(page);
  await payWith(page, "4000 0025 0000 3155");
  await expect(page.getByText("Tu pago requiere autenticación adicional.")).toBeVisible();

  await orderFiftyEuros(page);
  await payWith(page, "4000 0000 0000 0077");
  await expect(page.getByText("Estamos procesando tu pago…")).toBeVisible();
  // Checked again after 2 s (still processing), shown as processed 3 s later.
  await expect(page.getByText(/Tu pago se ha procesado/)).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/payment-processed.png`, fullPage: true });
  expect(await balanceCents(page)).toBe(before);
});

test("the return from Stripe's redirect after a succeeded payment", async ({ page }) => {
  await page.goto(`${norte}/student/balance/history?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_x&redirect_status=succeeded`);
  await expect(page.getByTestId("payment-return")).toContainText("Pago completado exitosamente");
  await expect(page.getByTestId("balance-amount")).toBeVisible();
});
