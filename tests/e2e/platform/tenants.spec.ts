import { expect, test } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { norte } from "../support/auth";

test("each school shows its own title, logo, favicons and manifest", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveTitle("Autoescuela Demo");
  await expect(page.getByRole("img", { name: "Autoescuela Demo" })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/api/manifest");
  await expect(page.locator('link[rel="icon"][sizes="96x96"]')).toHaveAttribute("href", "/tenants/demo/favicon-96.png");

  await page.goto(`${norte}/login`);
  await expect(page).toHaveTitle("Autoescuela Norte");
  await expect(page.getByRole("img", { name: "Autoescuela Norte" })).toBeVisible();
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/tenants/norte/apple-touch-icon.png");

  // Fetched from the page: *.localhost resolves to loopback in Chromium, not in Node.
  const manifest = await page.evaluate(() => fetch("/api/manifest").then((r) => r.json()));
  expect(manifest).toMatchObject({ name: "Autoescuela Norte", display: "standalone", start_url: "/" });
  const iconType = await page.evaluate((src) => fetch(src).then((r) => r.headers.get("content-type")), manifest.icons[0].src);
  expect(iconType).toBe("image/png");
});

test("a user of one school cannot sign in at the other", async ({ page }) => {
  await page.goto(`${norte}/login`);
  await page.getByLabel("DNI / Nombre de usuario").fill("alumno");
  await page.getByLabel("Contraseña", { exact: true }).fill("alumno123");
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page.locator("[data-slot=alert]")).toHaveText("Usuario o contraseña incorrectos");
  await page.getByLabel("DNI / Nombre de usuario").fill("norte.alumno");
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).toHaveURL(/norte\.localhost.*\/student\/reservations$/);
});

test("a host that is no school gets a plain page and no school's data", async ({ page }) => {
  const unknown = baseURL.replace("localhost", "nadie.localhost");
  const response = await page.goto(`${unknown}/login`);
  expect(response?.status()).toBeLessThan(500);
  await expect(page).toHaveTitle("Autoescuela no encontrada");
  await expect(page.getByRole("heading", { name: "Autoescuela no encontrada" })).toBeVisible();
  await expect(page.getByText("nadie.localhost", { exact: true })).toBeVisible();
  await expect(page.getByText(/Autoescuela (Demo|Norte)/)).toHaveCount(0);
  await expect(page.getByLabel("DNI / Nombre de usuario")).toHaveCount(0);
  // The API behind it answers the same host with the spec's error and nothing else.
  const info = await page.evaluate(() => fetch("/api/info").then(async (r) => ({ status: r.status, body: await r.json() })));
  expect(info).toEqual({ status: 404, body: { error: "TENANT_NOT_FOUND", message: "Autoescuela no encontrada" } });
  const manifest = await page.evaluate(() => fetch("/api/manifest").then((r) => r.status));
  expect(manifest).toBe(404);
});
