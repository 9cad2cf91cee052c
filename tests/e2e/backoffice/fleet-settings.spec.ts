import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";

const shots = "test-results/screens/backoffice";

// The minimum duration is shared demo data: a failure half-way must not leave later journeys with 45-minute lessons.
let restoreMinimum: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await restoreMinimum?.();
  restoreMinimum = null;
});

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

  // Durations are picked from the app's own duration texts; nobody types ISO 8601 any more.
  await page.getByRole("link", { name: "Ajustes" }).click();
  const minimum = page.getByLabel("Duración mínima de una práctica");
  await expect(minimum.locator("option:checked")).toHaveText("1h");
  await expect(page.getByLabel("Duración máxima de una práctica").locator("option:checked")).toHaveText("2h");
  await expect(page.getByText(/ISO 8601|PT\d/)).toHaveCount(0);
  const choices = await minimum.locator("option").allTextContents();
  expect(choices.slice(0, 6)).toEqual(["15m", "30m", "45m", "1h", "1h 15m", "1h 30m"]);
  // Up to the longest practice the server accepts (12 hours), and no further.
  expect(choices.at(-1)).toBe("12h");
  await minimum.selectOption({ label: "3h" });
  await page.getByRole("button", { name: "Guardar ajustes" }).click();
  await expect(page.getByText("La duración mínima no puede ser mayor que la máxima")).toBeVisible();
  await minimum.selectOption({ label: "1h" });
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

  // A chosen duration travels as ISO 8601 and reads back in words; then the demo's value is put back.
  await page.getByRole("link", { name: "Ajustes" }).click();
  restoreMinimum = async () => {
    const body = JSON.stringify({ practice_duration_min: "PT1H" });
    await page.evaluate((json) => fetch("/api/administrator/settings", { method: "PUT", headers: { "content-type": "application/json" }, body: json }), body);
  };
  await page.getByLabel("Duración mínima de una práctica").selectOption({ label: "45m" });
  const put = page.waitForRequest((r) => r.url().endsWith("/api/administrator/settings") && r.method() === "PUT");
  await page.getByRole("button", { name: "Guardar ajustes" }).click();
  expect((await put).postDataJSON()).toEqual({ practice_duration_min: "PT45M" });
  await expect(page.getByText("Ajustes guardados", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Registro de actividad" }).click();
  await expect(page.getByRole("row", { name: /Ajustes modificados/ }).first()).toContainText("duración mínima: 1h → 45m");
  await page.getByRole("link", { name: "Ajustes" }).click();
  await expect(page.getByLabel("Duración mínima de una práctica").locator("option:checked")).toHaveText("45m");
  await page.getByLabel("Duración mínima de una práctica").selectOption({ label: "1h" });
  await page.getByRole("button", { name: "Guardar ajustes" }).click();
  await expect(page.getByText("Ajustes guardados", { exact: true })).toBeVisible();
});
