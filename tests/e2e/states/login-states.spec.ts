import { expect, test, type Page, type Route } from "@playwright/test";
import { DEMO_USERS } from "../support/auth";

// The login form while it sends and when the sign-in call fails without a server message (first document §2, §8).
const LOGIN = "**/api/login";

async function fillDemoStudent(page: Page) {
  await page.goto("/login");
  await page.getByLabel("DNI / Nombre de usuario").fill(DEMO_USERS.student.username);
  await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_USERS.student.password);
}

test("while the sign-in is sent the button reads 'Iniciando sesión...' and the inputs are disabled", async ({ page }) => {
  await fillDemoStudent(page);
  let hold!: (route: Route) => void;
  const held = new Promise<Route>((resolve) => (hold = resolve));
  await page.route(LOGIN, (route) => hold(route), { times: 1 });

  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  const route = await held;
  await expect(page.getByRole("button", { name: "Iniciando sesión..." })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Iniciar Sesión" })).toHaveCount(0);
  await expect(page.getByLabel("DNI / Nombre de usuario")).toBeDisabled();
  await expect(page.getByLabel("Contraseña", { exact: true })).toBeDisabled();

  await route.continue();
  await expect(page).toHaveURL(/\/student\/reservations$/);
});

test("a sign-in that fails without a server message shows 'Error al iniciar sesión' and the form can be sent again", async ({ page }) => {
  await fillDemoStudent(page);
  const alert = page.getByRole("alert").filter({ hasText: "Error al iniciar sesión" });

  // A proxy in front of the school answers with its own page, no JSON message.
  await page.route(LOGIN, (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" }), { times: 1 });
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(alert).toHaveText("Error al iniciar sesión");
  await expect(page.getByLabel("DNI / Nombre de usuario")).toBeEnabled();
  await expect(page.getByLabel("Contraseña", { exact: true })).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);

  // The connection drops: the same text, not the browser's.
  await page.route(LOGIN, (route) => route.abort("internetdisconnected"), { times: 1 });
  const dropped = page.waitForEvent("requestfailed", (r) => new URL(r.url()).pathname === "/api/login");
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await dropped;
  await expect(page.getByRole("button", { name: "Iniciar Sesión" })).toBeEnabled();
  await expect(alert).toHaveText("Error al iniciar sesión");
  await expect(page.getByText(/Failed to fetch|An error occurred/)).toHaveCount(0);

  // With the school reachable again, the same form signs in.
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).toHaveURL(/\/student\/reservations$/);
});
