import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";

const shots = "test-results/screens/backoffice";

test("the office adds a vehicle with a Spanish plate and is told why a setting is refused", async ({ page }) => {
  await signIn(page, "admin");

  await page.getByRole("link", { name: "Vehículos" }).click();
  await expect(page.getByRole("row", { name: /1234 KLM.*Seat Ibiza.*Permiso B/ })).toBeVisible();
  await page.getByRole("button", { name: "Nuevo vehículo" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuevo vehículo" });
  await dialog.getByLabel("Matrícula").fill("1234 ABC");
  await dialog.getByRole("button", { name: "Añadir vehículo" }).click();
  await expect(dialog.getByText("La matrícula no es válida (formato 1234 BCD)")).toBeVisible();
  await dialog.getByLabel("Matrícula").fill("4321-hjk");
  await dialog.getByLabel("Descripción (opcional)").fill("Toyota Yaris");
  await dialog.getByLabel("Permiso").selectOption({ label: "Permiso B" });
  await dialog.getByRole("button", { name: "Añadir vehículo" }).click();
  await expect(page.getByRole("row", { name: /4321 HJK.*Toyota Yaris.*Permiso B.*Activo/ })).toBeVisible();
  await page.screenshot({ path: `${shots}/vehicles.png` });

  await page.getByRole("link", { name: "Ajustes" }).click();
  await expect(page.getByLabel("Duración mínima de una práctica")).toHaveValue("PT1H");
  await page.getByLabel("Duración mínima de una práctica").fill("PT3H");
  await page.getByRole("button", { name: "Guardar ajustes" }).click();
  await expect(page.getByText("La duración mínima no puede ser mayor que la máxima")).toBeVisible();
  await page.getByLabel("Duración mínima de una práctica").fill("PT1H");
  // Demo students hold balances, so the mode cannot change under them.
  await page.getByLabel("Modo de saldo").selectOption("money");
  await page.getByRole("button", { name: "Guardar ajustes" }).click();
  await expect(page.getByText(/No se puede cambiar el modo de saldo mientras algún alumno tenga saldo/)).toBeVisible();
  await page.screenshot({ path: `${shots}/settings.png`, fullPage: true });
  // The price is typed in euros and refused in euros, before anything is sent.
  await page.getByLabel("Modo de saldo").selectOption("time");
  const puts: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/administrator/settings") && r.method() === "PUT") puts.push(r.url());
  });
  await page.getByLabel("Precio por hora (€)").fill("12,345");
  await page.getByRole("button", { name: "Guardar ajustes" }).click();
  await expect(page.getByText("El precio por hora debe ser un importe en euros entre 0 y 100.000, con dos decimales como máximo (por ejemplo 42,50)")).toBeVisible();
  await expect(page.getByLabel("Precio por hora (€)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/céntimos/)).toHaveCount(0);
  expect(puts).toEqual([]);

  await page.getByRole("link", { name: "Registro de actividad" }).click();
  await expect(page.getByRole("row", { name: /Vehículo añadido.*4321 HJK/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Ajustes modificados/ })).toHaveCount(0);
});
