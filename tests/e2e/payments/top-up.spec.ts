import { expect, test } from "@playwright/test";
import { signIn, signInAt, sur } from "../support/auth";
import { routeStripe, SHOTS } from "./stripe-routes";

test.beforeEach(async ({ page }) => {
  await routeStripe(page);
});

test("top-up: choose products, see the total, pay now, see the order summary and modify it", async ({ page }) => {
  const stripeJsLoads: string[] = [];
  page.on("request", (r) => (r.url().startsWith("https://js.stripe.com/") ? stripeJsLoads.push(new URL(page.url()).pathname) : null));
  await signIn(page, "student");
  await page.goto("/student/balance/history");
  await page.getByRole("link", { name: "Recargar saldo" }).click();
  await expect(page).toHaveURL(/\/student\/balance\/top-up$/);
  await expect(page.getByRole("heading", { name: "Recargar saldo" })).toBeVisible();
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(3);
  const total = page.getByTestId("top-up-total");

  // Nothing chosen yet.
  await page.getByRole("button", { name: "Pagar ahora" }).click();
  await expect(page.getByText("Debes seleccionar al menos un producto")).toBeVisible();

  // A click on a card toggles it between 0 and 1; the control sets any quantity.
  const oneHour = cards.filter({ hasText: "Pack 1 hora" });
  await oneHour.click();
  await expect(oneHour.getByLabel("Cantidad de Pack 1 hora")).toHaveValue("1");
  await expect(total).toHaveText(/^35,00\s€$/);
  await oneHour.click();
  await expect(total).toHaveText(/^0,00\s€$/);
  await page.getByRole("button", { name: "Añadir una unidad de Pack 5 horas" }).click();
  await page.getByRole("button", { name: "Añadir una unidad de Pack 5 horas" }).click();
  await expect(page.getByLabel("Cantidad de Pack 5 horas")).toHaveValue("2");
  await oneHour.getByText("Pack 1 hora").click();
  await expect(total).toHaveText(/^365,00\s€$/);
  await page.screenshot({ path: `${SHOTS}/top-up.png`, fullPage: true });

  expect(stripeJsLoads).toEqual([]); // Stripe.js loads only on the payment page
  await page.getByRole("button", { name: "Pagar ahora" }).click();
  await expect(page).toHaveURL(/\/student\/balance\/payment\?client_secret=pi_[^&]+_secret_[^&]+&order_id=[0-9a-f-]{36}$/);
  const summary = page.getByRole("complementary", { name: "Resumen del pedido" });
  await expect(summary.getByTestId("order-items").getByRole("listitem")).toHaveText([/Pack 1 hora\s*× 1\s*35,00\s€/, /Pack 5 horas\s*× 2\s*330,00\s€/]);
  await expect(summary.getByTestId("order-total")).toHaveText(/^365,00\s€$/);
  await expect(summary).toContainText("Se añadirá a tu saldo: 11h");

  // The Payment Element, as the page configured it (read back from the Stripe.js stand-in).
  await expect(page.getByRole("tab", { name: "Tarjeta" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pagar 365,00 €" })).toBeEnabled();
  const options = await page.evaluate(() => (window as unknown as { __stripeStandIn: Record<string, unknown> }).__stripeStandIn);
  expect(options).toMatchObject({
    publishableKey: "pk_test_e2e_stand_in",
    stripeOptions: { locale: "es" },
    elementsOptions: { locale: "es", clientSecret: expect.stringMatching(/^pi_/) },
    paymentElementOptions: { layout: "tabs", paymentMethodOrder: ["card", "apple_pay", "google_pay"] },
  });
  await expect(page.getByRole("tab")).toHaveText(["Tarjeta", "Apple Pay", "Google Pay"]);
  expect(stripeJsLoads).toEqual(["/student/balance/payment"]);
  await page.screenshot({ path: `${SHOTS}/payment.png`, fullPage: true });

  // 'Modificar' goes back to the top-up page with the same selection.
  await summary.getByRole("link", { name: "Modificar" }).click();
  await expect(page).toHaveURL(/\/student\/balance\/top-up\?order_id=/);
  await expect(page.getByTestId("top-up-total")).toHaveText(/^365,00\s€$/);
  await expect(page.getByLabel("Cantidad de Pack 5 horas")).toHaveValue("2");
});

test("the payment page without client_secret or order_id says so and goes back to the top-up page", async ({ page }) => {
  await signIn(page, "student");
  await page.goto("/student/balance/payment?order_id=2a1d1b8e-0000-4000-8000-000000000000");
  await expect(page.getByText("Información de pago incompleta").first()).toBeVisible();
  await expect(page).toHaveURL(/\/student\/balance\/top-up$/);
  await expect(page.getByRole("heading", { name: "Recargar saldo" })).toBeVisible();
});

test("a product load failure shows the error with a retry that reloads the page", async ({ page }) => {
  await signIn(page, "student");
  let failures = 0;
  await page.route("**/api/shop/products", (route) => {
    failures += 1;
    return failures <= 2 ? route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"INTERNAL_SERVER_ERROR"}' }) : route.fallback();
  });
  await page.goto("/student/balance/top-up");
  await expect(page.getByText("Error al cargar los productos")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/top-up-error.png` });
  await page.getByRole("button", { name: "Reintentar" }).click();
  // A full page reload (second document §8), so allow for a cold load.
  await expect(page.getByTestId("product-card")).toHaveCount(3, { timeout: 20_000 });
});

test("without the school's Stripe keys, card top-up is switched off and said politely", async ({ page }) => {
  // Autoescuela Sur takes payments at its desk only: the seed never gives it Stripe keys.
  await signInAt(page, sur, "sur.alumno", "alumno123", /\/student\/reservations$/);
  await page.goto(`${sur}/student/balance/history`);
  await expect(page.getByTestId("balance-amount")).toHaveText("4h");
  await expect(page.getByText("La recarga con tarjeta no está disponible en tu autoescuela.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Recargar saldo" })).toHaveCount(0);
  await page.goto(`${sur}/student/balance/top-up`);
  // No dead end: the office's prices, hours and phone (tests/e2e/payments/office-top-up.spec.ts).
  await expect(page.getByText("Recarga en la oficina")).toBeVisible();
  await expect(page.getByText("Tu autoescuela recarga el saldo en su oficina")).toBeVisible();
  await expect(page.getByText(/paga con tarjeta/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pagar ahora" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/top-up-disabled.png` });
});
