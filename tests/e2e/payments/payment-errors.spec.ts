import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../support/auth";
import { createFreshStudent, signInAsStudent } from "../support/fresh-student";
import { routeStripe } from "./stripe-routes";

// What the payment page says when a call it depends on fails (second document §8), and the empty movement history.
const SERVER_ERROR = { error: "INTERNAL_SERVER_ERROR", message: "Ha ocurrido un error en el servidor" };
const PUBLIC_KEY = "**/api/shop/stripe/public-key";

/** The demo student orders 'Pack 1 hora' (35 €) and lands on the payment page. */
async function orderOneHour(page: Page) {
  await page.goto("/student/balance/top-up");
  await page.getByTestId("product-card").filter({ hasText: "Pack 1 hora" }).click();
  await expect(page.getByTestId("top-up-total")).toHaveText(/^35,00\s€$/);
  await page.getByRole("button", { name: "Pagar ahora" }).click();
  await expect(page).toHaveURL(/\/student\/balance\/payment\?client_secret=[^&]+&order_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole("complementary", { name: "Resumen del pedido" }).getByTestId("order-total")).toHaveText(/^35,00\s€$/);
}

/** Records every request for Stripe.js: the payment form loads it, an unusable configuration must not. */
function stripeJsLoads(page: Page) {
  const loads: string[] = [];
  page.on("request", (r) => (r.url().startsWith("https://js.stripe.com/") ? loads.push(r.url()) : null));
  return loads;
}

test.beforeEach(async ({ page }) => {
  await routeStripe(page);
});

test("the payment settings cannot be loaded: 'Error al cargar la configuración' and no card form", async ({ page }) => {
  await signIn(page, "student");
  let calls = 0;
  await page.route(PUBLIC_KEY, (route) => {
    calls += 1;
    return route.fulfill({ status: 500, json: SERVER_ERROR });
  });
  const loads = stripeJsLoads(page);
  await orderOneHour(page);

  await expect(page.getByRole("alert").filter({ hasText: "Error al cargar la configuración" })).toBeVisible();
  await expect(page.getByLabel("Número de tarjeta")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Pagar / })).toHaveCount(0);
  expect(calls).toBeGreaterThan(0);
  expect(loads).toEqual([]);
});

test("a school without a publishable key: 'Configuración de pago incompleta', to be taken to support", async ({ page }) => {
  await signIn(page, "student");
  // The answer of a school whose Stripe account is not configured (the e2e schools have test keys).
  await page.route(PUBLIC_KEY, (route) => route.fulfill({ json: { publicKey: null, stripeAccount: null } }));
  const loads = stripeJsLoads(page);
  await orderOneHour(page);

  await expect(page.getByRole("alert").filter({ hasText: "Configuración de pago incompleta" })).toHaveText(
    "Configuración de pago incompleta. Ponte en contacto con soporte.",
  );
  await expect(page.getByText("Error al cargar la configuración")).toHaveCount(0);
  await expect(page.getByLabel("Número de tarjeta")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Pagar / })).toHaveCount(0);
  expect(loads).toEqual([]);
});

// An old or hand-made payment link: an order that does not exist (a well-formed id nobody holds).
const OLD_LINK = "/student/balance/payment?client_secret=pi_3Old_secret_old&order_id=0b6c3a52-7d1e-4f0a-9c55-3f4d2a1e9b70";

test("an old payment link at a school without Stripe: one message, not two, and the way back to the balance", async ({ page }) => {
  await signIn(page, "student");
  await page.route(PUBLIC_KEY, (route) => route.fulfill({ json: { publicKey: null, stripeAccount: null } }));
  const loads = stripeJsLoads(page);
  await page.goto(OLD_LINK);

  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toHaveText("Configuración de pago incompleta. Ponte en contacto con soporte.");
  await expect(main.getByRole("alert")).toHaveCount(1);
  await expect(page.getByText("Pedido no encontrado")).toHaveCount(0);
  // No card can be paid at this school: no 'Recargar saldo', only the balance.
  await expect(main.getByRole("link", { name: "Recargar saldo" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("old-link-no-stripe.png"), fullPage: true });
  await main.getByRole("link", { name: "Volver a Mi saldo" }).click();
  await expect(page).toHaveURL(/\/student\/balance\/history$/);
  await expect(page.getByTestId("balance-amount")).toBeVisible();
  expect(loads).toEqual([]);
});

test("an old payment link of an order that does not exist: 'Pedido no encontrado' once, and 'Recargar saldo' to start again", async ({ page }) => {
  await signIn(page, "student");
  const loads = stripeJsLoads(page);
  await page.goto(OLD_LINK);

  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toHaveText("Pedido no encontrado");
  await expect(main.getByRole("alert")).toHaveCount(1);
  await expect(page.getByLabel("Número de tarjeta")).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Volver a Mi saldo" })).toHaveAttribute("href", "/student/balance/history");
  await page.screenshot({ path: test.info().outputPath("old-link-unknown-order.png"), fullPage: true });
  await main.getByRole("link", { name: "Recargar saldo" }).click();
  await expect(page).toHaveURL(/\/student\/balance\/top-up$/);
  await expect(page.getByRole("heading", { name: "Recargar saldo" })).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(3);
  expect(loads).toEqual([]);
});

test("an order that cannot be read because the connection drops: 'No se ha podido cargar el pedido' and no card form", async ({ page }) => {
  await signIn(page, "student");
  const loads = stripeJsLoads(page);
  await page.route("**/api/shop/order/*", (route) => route.abort("connectionreset"));
  await page.goto(OLD_LINK);

  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toHaveText("No se ha podido cargar el pedido");
  await expect(main.getByRole("alert")).toHaveCount(1);
  await expect(page.getByLabel("Número de tarjeta")).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Volver a Mi saldo" })).toHaveAttribute("href", "/student/balance/history");
  expect(loads).toEqual([]);
});

test("a processing payment whose status cannot be checked again: 'Error al verificar el estado del pago'", async ({ page }) => {
  await signIn(page, "student");
  await orderOneHour(page);
  // Stripe.js reads the PaymentIntent back (GET /v1/payment_intents/{id}) 2 s after a 'processing' answer; Stripe
  // fails that read. The confirmation itself (POST .../confirm) still goes to the stand-in.
  let statusChecks = 0;
  await page.route(
    (url) => url.hostname === "api.stripe.com" && /^\/v1\/payment_intents\/[^/]+$/.test(url.pathname),
    (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      statusChecks += 1;
      return route.fulfill({ status: 500, json: { error: { type: "api_error", message: "An unknown error occurred" } } });
    },
  );

  await page.getByLabel("Número de tarjeta").fill("4000 0000 0000 0077");
  await page.getByRole("button", { name: "Pagar 35,00 €" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Estamos procesando tu pago…" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Error al verificar el estado del pago" })).toBeVisible({ timeout: 10_000 });
  expect(statusChecks).toBe(1);
  await expect(page.getByText("Estamos procesando tu pago…")).toHaveCount(0);
  await expect(page.getByText(/Tu pago se ha procesado/)).toHaveCount(0);
});

test("a student with no movements yet sees 'No hay movimientos', in their history and at the office's desk", async ({ page }) => {
  const student = await createFreshStudent(page, "Iván");
  await page.goto(`/administrator/balances?student=${student.id}`);
  await expect(page.getByText(student.username)).toBeVisible(); // the panel's 'DNI · usuario' line
  await expect(page.getByTestId("desk-balance")).toBeVisible();
  await expect(page.getByText("No hay movimientos")).toBeVisible();
  await expect(page.getByTestId("desk-movement")).toHaveCount(0);

  await signInAsStudent(page, student);
  await page.goto("/student/balance/history");
  await expect(page.getByTestId("balance-amount")).toBeVisible();
  await expect(page.getByText("No hay movimientos")).toBeVisible();
  await expect(page.getByTestId("balance-movement")).toHaveCount(0);
});
