import { expect, test, type Browser, type Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { stripeSetup, routeStripe } from "../payments/stripe-routes";
import { signInByApi } from "../support/auth";
import { clickHydrated } from "../support/hydration";
import { describeOffenders, sidewaysOverflow, smallTargets } from "../support/touch-targets";

// Issue 31 §4 on the office's phone: the administrator switches card payments off and on again by pasting the school's
// Stripe test keys (checked against the local stand-in of Stripe's API), sees the test badge, the masked keys and the
// webhook address to register; a student of the school then reaches the card payment.
const shots = "test-results/screens/backoffice";
// The demo school's keys (tests/e2e/payments/stand-in-config.ts): the stand-in signs its webhooks with this secret.
const KEYS = {
  publishableKey: stripeSetup.appEnv.STRIPE_PUBLISHABLE_KEY,
  secretKey: stripeSetup.appEnv.STRIPE_SECRET_KEY,
  webhookSecret: stripeSetup.webhookSecret,
};

// Card payments are shared demo data: whatever happens here, the school ends with its keys on, as seeded.
test.afterEach(async ({ page }) => {
  const restore = await page.request.put("/api/administrator/payment-settings", { data: KEYS, headers: { origin: baseURL } });
  expect(restore.status()).toBe(200);
});

async function studentPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "es-ES", timezoneId: "Europe/Madrid" });
  const page = await context.newPage();
  await routeStripe(page);
  await signInByApi(page, "student");
  return page;
}

// Another server process keeps a school's settings up to 5 s (server/modules/config/settings-cache.ts): the student's
// top-up page tells the change at the latest on a reload a few seconds later. (While its configuration loads, the page's
// subtitle is the card one: only the office's subtitle is proof of 'off'.)
async function seesWithin(student: Page, text: string) {
  await expect(async () => {
    await student.goto("/student/balance/top-up");
    await expect(student.getByText(text)).toBeVisible({ timeout: 20_000 });
  }).toPass({ timeout: 90_000 });
}

test("the office switches card payments off and on with test keys; the student can then pay by card", async ({ page, browser }) => {
  test.setTimeout(300_000);
  await signInByApi(page, "admin");
  await page.goto("/administrator/settings");
  const section = page.getByRole("region", { name: "Pagos con tarjeta" });
  const keys = section.getByTestId("payment-keys");

  // On, as seeded: the test badge and the keys, the secret ones masked.
  await expect(section.getByText("Activados", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText("Modo de prueba", { exact: true })).toBeVisible();
  await expect(keys).toContainText(KEYS.publishableKey);
  await expect(keys).toContainText("sk_test_…d_in");
  await expect(keys).toContainText("whsec_…cret");
  await expect(page.locator("body")).not.toContainText(KEYS.secretKey);
  await expect(page.locator("body")).not.toContainText(KEYS.webhookSecret);
  const webhookUrl = section.getByRole("textbox", { name: "Dirección del webhook" });
  // https on a production server (Stripe sends webhooks to https only); http on a development one.
  await expect(webhookUrl).toHaveValue(/^https?:\/\/localhost(:\d+)?\/api\/shop\/stripe\/webhook$/);
  await expect(section).toContainText("payment_intent.succeeded");
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(describeOffenders("payments section", await smallTargets(page, section))).toEqual([]);
  await section.screenshot({ path: `${shots}/card-payments-on.png` });

  // Off, after a confirmation.
  await clickHydrated(section.getByRole("button", { name: "Desactivar pagos con tarjeta" }));
  const confirm = page.getByRole("alertdialog", { name: "¿Desactivar los pagos con tarjeta?" });
  await expect(confirm).toContainText("Los alumnos dejarán de poder recargar su saldo con tarjeta");
  await confirm.getByRole("button", { name: "Desactivar" }).click();
  await expect(section.getByText("Desactivados", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(section.getByText("Modo de prueba", { exact: true })).toHaveCount(0);

  const student = await studentPage(browser);
  await seesWithin(student, "Tu autoescuela recarga el saldo en su oficina");
  await expect(student.getByRole("button", { name: "Pagar ahora" })).toHaveCount(0);

  // A key Stripe does not know: told in Spanish, nothing switched on.
  await section.getByRole("textbox", { name: "Clave publicable", exact: true }).fill(KEYS.publishableKey);
  await section.getByRole("textbox", { name: "Clave secreta", exact: true }).fill("sk_test_revoked0123456789");
  await section.getByRole("textbox", { name: "Secreto del webhook", exact: true }).fill(KEYS.webhookSecret);
  await section.getByRole("button", { name: "Comprobar y activar" }).click();
  await expect(section.getByText("Stripe no reconoce la clave secreta. Cópiala de nuevo desde el panel de Stripe (Desarrolladores › Claves de API).")).toBeVisible({ timeout: 20_000 });
  await expect(section.getByRole("textbox", { name: "Clave secreta", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(section.getByText("Desactivados", { exact: true })).toBeVisible();
  expect(describeOffenders("payments form", await smallTargets(page, section))).toEqual([]);
  await page.screenshot({ path: `${shots}/card-payments-refused.png`, fullPage: true });

  // The right key, pasted with a trailing line break as a copy often brings: checked, on, test badge, masked.
  await section.getByRole("textbox", { name: "Clave secreta", exact: true }).fill(`${KEYS.secretKey}\n`);
  await section.getByRole("button", { name: "Comprobar y activar" }).click();
  await expect(section.getByText("Activados", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(section.getByText("Modo de prueba", { exact: true })).toBeVisible();
  await expect(keys).toContainText("sk_test_…d_in");
  await expect(section.getByRole("textbox", { name: "Clave secreta", exact: true })).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(KEYS.secretKey);
  await expect(webhookUrl).toHaveValue(/\/api\/shop\/stripe\/webhook$/);

  // The office's log names the change.
  await page.goto("/administrator/audit");
  await expect(page.getByRole("row", { name: /Pagos con tarjeta activados/ }).first()).toBeVisible();
  await expect(page.getByRole("row", { name: /Pagos con tarjeta desactivados/ }).first()).toBeVisible();

  // The student now pays by card: the top-up page leads to Stripe's payment form.
  await seesWithin(student, "Elige lo que quieres añadir a tu saldo y paga con tarjeta");
  await student.getByTestId("product-card").filter({ hasText: "Pack 1 hora" }).click();
  await student.getByRole("button", { name: "Pagar ahora" }).click();
  await expect(student).toHaveURL(/\/student\/balance\/payment\?client_secret=pi_/, { timeout: 30_000 });
  await expect(student.getByRole("tab", { name: "Tarjeta" })).toBeVisible({ timeout: 30_000 });
  await expect(student.getByRole("button", { name: "Pagar 35,00 €" })).toBeEnabled();
  await student.context().close();

  // Both themes.
  await page.goto("/administrator/settings");
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(section.getByText("Activados", { exact: true })).toBeVisible();
  await section.getByRole("button", { name: "Cambiar claves" }).click();
  await expect(section.getByRole("textbox", { name: "Clave secreta", exact: true })).toHaveAttribute("placeholder", "Sin cambios (sk_test_…d_in)");
  expect(describeOffenders("payments change form", await smallTargets(page, section))).toEqual([]);
  await page.screenshot({ path: `${shots}/card-payments-dark.png`, fullPage: true });
  await page.evaluate(() => localStorage.removeItem("theme"));
});
