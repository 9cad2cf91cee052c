import { expect, test, type Page } from "@playwright/test";
import { expectBalanceMatchesHistory } from "./ledger";
import { norte, signInAt } from "../support/auth";
import { euroCents, routeStripe, SHOTS, stripeSetup } from "./stripe-routes";

// Autoescuela Norte (money mode): Pablo tops up 50 € by card. The stand-in of Stripe's API sends the signed
// payment_intent.succeeded webhook through the app's BFF, which credits the balance.
test.beforeEach(async ({ page }) => {
  await routeStripe(page);
  await signInAt(page, norte, "norte.alumno", "alumno123", /\/student\/reservations$/);
});

// Whatever a test did to Pablo's balance, 'Mi saldo' still adds up.
test.afterEach(async ({ page }) => {
  await expectBalanceMatchesHistory(page, norte);
});

const SUCCESS = "Pago completado exitosamente";
const CONFIRM = "https://api.stripe.com/v1/payment_intents/*/confirm";

const clientSecretOf = (page: Page) => new URL(page.url()).searchParams.get("client_secret")!;

/** Lands on the history page as Stripe's redirect after confirming does: return_url plus the intent's parameters. */
async function returnFromStripe(page: Page, clientSecret: string, redirectStatus = "succeeded") {
  const query = new URLSearchParams({
    payment_intent: clientSecret.split("_secret_")[0]!,
    payment_intent_client_secret: clientSecret,
    redirect_status: redirectStatus,
  });
  await page.goto(`${norte}/student/balance/history?${query}`);
  return page.getByTestId("payment-return");
}

async function balanceCents(page: Page) {
  await page.goto(`${norte}/student/balance/history`);
  return euroCents(await page.getByTestId("balance-amount").innerText());
}

// The same cart reuses the student's open order and its PaymentIntent (the server's rule), so a journey that needs a
// fresh PaymentIntent while another of Pablo's is still open orders a different number of 50 € top-ups. Five open
// orders at most per student: the journeys below leave at most five open.
const payButton = (units: number) => `Pagar ${units * 50},00 €`;

async function orderFiftyEuros(page: Page, units = 1) {
  await page.goto(`${norte}/student/balance/top-up`);
  for (let i = 0; i < units; i++) await page.getByRole("button", { name: "Añadir una unidad de Recarga de 50 €" }).click();
  await expect(page.getByTestId("top-up-total")).toHaveText(new RegExp(`^${units * 50},00\\s€$`));
  await page.getByRole("button", { name: "Pagar ahora" }).click();
  await expect(page).toHaveURL(/\/student\/balance\/payment\?/);
  await expect(page.getByRole("button", { name: payButton(units) })).toBeEnabled();
}

async function payWith(page: Page, card: string, units = 1) {
  await page.getByLabel("Número de tarjeta").fill(card);
  await page.getByRole("button", { name: payButton(units) }).click();
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
  // The payment page goes back the way Stripe's redirect would, and the history reads the status back from Stripe.
  await expect(page).toHaveURL(/\/student\/balance\/history\?payment_intent=pi_\w+&payment_intent_client_secret=pi_\w+_secret_\w+&redirect_status=succeeded$/, { timeout: 8000 });
  await expect(page.getByTestId("payment-return")).toContainText(SUCCESS);
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

test("a payment that needs authentication, and one still processing after the re-check; their returns say the same", async ({ page }) => {
  const before = await balanceCents(page);
  await orderFiftyEuros(page, 2);
  const needsAction = clientSecretOf(page);
  await payWith(page, "4000 0025 0000 3155", 2);
  await expect(page.getByText("Tu pago requiere autenticación adicional.")).toBeVisible();

  await orderFiftyEuros(page, 3);
  const processing = clientSecretOf(page);
  expect(processing).not.toBe(needsAction);
  await payWith(page, "4000 0000 0000 0077", 3);
  await expect(page.getByText("Estamos procesando tu pago…")).toBeVisible();
  // Checked again after 2 s (still processing), shown as processed 3 s later.
  await expect(page.getByText(/Tu pago se ha procesado/)).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/payment-processed.png`, fullPage: true });
  expect(await balanceCents(page)).toBe(before);

  // Back on the history page with these intents, even with redirect_status=succeeded: their real status shows.
  let notice = await returnFromStripe(page, needsAction);
  await expect(notice).toHaveText("Tu pago requiere autenticación adicional.");
  notice = await returnFromStripe(page, processing);
  await expect(notice).toHaveText("Estamos procesando tu pago…");
  await expect(notice).toContainText("Tu pago se ha procesado", { timeout: 10_000 });
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
});

test("a return URL that claims success shows the payment's real status: a forged intent, an unpaid one, no intent", async ({ page }) => {
  const before = await balanceCents(page);
  const reads: string[] = [];
  page.on("request", (r) => (r.method() === "GET" && r.url().startsWith("https://api.stripe.com/v1/payment_intents/") ? reads.push(new URL(r.url()).pathname) : null));

  // An intent Stripe does not know (a typed-in link): the status cannot be verified.
  let notice = await returnFromStripe(page, "pi_123_secret_x");
  await expect(notice).toHaveText("Error al verificar el estado del pago");
  expect(reads).toEqual(["/v1/payment_intents/pi_123"]);

  // A real intent of Pablo's that was never paid.
  await orderFiftyEuros(page, 4);
  const unpaid = clientSecretOf(page);
  // While Stripe's answer is on its way, the page says it is checking (the read is held until that is seen).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    "https://api.stripe.com/v1/payment_intents/*",
    async (route) => {
      if (route.request().method() === "GET") await held;
      await route.fallback();
    },
    { times: 1 },
  );
  notice = await returnFromStripe(page, unpaid);
  await expect(notice).toHaveText("Comprobando el estado del pago…");
  await expect(notice).toHaveAttribute("role", "status");
  release();
  await expect(notice).toHaveText("Tu pago no se pudo completar. Por favor, intenta con otro método de pago.");

  // redirect_status alone, without an intent to check: no notice at all.
  await page.goto(`${norte}/student/balance/history?redirect_status=succeeded`);
  await expect(page.getByTestId("balance-amount")).toBeVisible();
  await expect(page.getByTestId("payment-return")).toHaveCount(0);
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
  expect(euroCents(await page.getByTestId("balance-amount").innerText())).toBe(before);
});

test("confirmPayment throws (Stripe unreachable): the unexpected-error text, nothing charged, and the button is back", async ({ page }) => {
  const before = await balanceCents(page);
  await orderFiftyEuros(page);
  // The Stripe.js stand-in's confirm request fails at the network level, so confirmPayment rejects.
  let confirms = 0;
  await page.route(CONFIRM, (route) => {
    confirms += 1;
    return route.abort("internetdisconnected");
  });
  await payWith(page, "4242 4242 4242 4242");
  await expect(page.getByRole("alert").filter({ hasText: /^Ha ocurrido un error inesperado\./ })).toHaveText(
    "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo más tarde.",
  );
  expect(confirms).toBe(1);
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pagar 50,00 €" })).toBeEnabled();
  await expect(page).toHaveURL(/\/student\/balance\/payment\?/);
  expect(await balanceCents(page)).toBe(before);
});

test("a confirmation answered requires_payment_method without an error: 'Tu pago no se pudo completar...'", async ({ page }) => {
  const before = await balanceCents(page);
  await orderFiftyEuros(page, 5);
  // Stripe answers the confirmation with the PaymentIntent still waiting for a payment method and no
  // last_payment_error: the stand-in's own answer for that intent (read with the same key and client secret).
  await page.route(CONFIRM, async (route) => {
    const sent = new URLSearchParams(route.request().postData() ?? "");
    const id = new URL(route.request().url()).pathname.split("/")[3];
    const query = new URLSearchParams({ key: sent.get("key") ?? "", client_secret: sent.get("client_secret") ?? "" });
    const response = await page.request.get(`http://127.0.0.1:${stripeSetup.stripePort}/v1/payment_intents/${id}?${query}`);
    const intent = await response.json();
    expect(intent).toMatchObject({ object: "payment_intent", status: "requires_payment_method", last_payment_error: null });
    await route.fulfill({ response });
  });
  await payWith(page, "4242 4242 4242 4242", 5);
  await expect(page.getByRole("alert").filter({ hasText: "Tu pago no se pudo completar" })).toHaveText(
    "Tu pago no se pudo completar. Por favor, intenta con otro método de pago.",
  );
  await expect(page.getByText("Tu tarjeta ha sido rechazada.")).toHaveCount(0);
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
  expect(await balanceCents(page)).toBe(before);
});
