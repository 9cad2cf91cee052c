import { expect, test } from "@playwright/test";
import { signInAt, sur } from "../support/auth";
import { SHOTS } from "./stripe-routes";

// A school without card payments (issue 31 §3): the office writes its details in Ajustes, and its students' top-up page
// shows what the office sells and at what price, its hours and its phone, instead of a dead end.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

test("a student of a school without card payments sees the office's prices, hours and phone", async ({ page }) => {
  await signInAt(page, sur, "sur.admin", "admin123", /\/administrator$/);
  await page.goto(`${sur}/administrator/settings`);
  const details = page.getByRole("form", { name: "Datos de la escuela" });
  await details.getByLabel("Razón social").fill("Autoescuela Sur S.L.");
  await details.getByLabel("NIF").fill("B12345675");
  await details.getByLabel("Dirección").fill("Avenida del Sur 7, Sevilla");
  await details.getByLabel("Teléfono de la oficina").fill("954 12 34 56");
  await details.getByLabel("Horario de la oficina").fill("De lunes a viernes, de 9:00 a 14:00");
  await details.getByRole("button", { name: "Guardar datos de la escuela" }).click();
  await expect(details.getByRole("alert")).toContainText("NIF válido");
  await details.getByLabel("NIF").fill("B12345674");
  await details.getByRole("button", { name: "Guardar datos de la escuela" }).click();
  await expect(page.getByText("Datos de la escuela guardados", { exact: true })).toBeVisible();

  await page.context().clearCookies();
  await signInAt(page, sur, "sur.alumno", "alumno123", /\/student\/reservations$/);
  await page.goto(`${sur}/student/balance/top-up`);
  await expect(page.getByText("Recarga en la oficina")).toBeVisible();
  const products = page.getByTestId("office-product");
  await expect(products).toHaveCount(2);
  await expect(products.filter({ hasText: "Pack 10 horas" })).toContainText(/300,00\s€/);
  await expect(page.getByText("De lunes a viernes, de 9:00 a 14:00")).toBeVisible();
  await expect(page.getByText("Avenida del Sur 7, Sevilla")).toBeVisible();
  await expect(page.getByRole("link", { name: "954 12 34 56" })).toHaveAttribute("href", "tel:+34954123456");
  await expect(page.getByRole("button", { name: "Pagar ahora" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/office-top-up.png`, fullPage: true });
});
