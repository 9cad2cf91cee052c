import { expect, test } from "@playwright/test";
import { openProfileMenu, signIn } from "../support/auth";

// The office's own password form ('Cambiar contraseña'): nothing here is saved, so the demo password stays.
test("the password form tells every field's problem under that field, with no empty band above", async ({ page }) => {
  await signIn(page, "admin");
  await openProfileMenu(page);
  await page.getByRole("menuitem", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL(/\/cambiar-contrasena$/);

  // The first field starts right at the card's padding, not under a second one.
  const card = page.locator("[data-slot=card]");
  const gap = (await page.getByText("Contraseña actual", { exact: true }).boundingBox())!.y - (await card.boundingBox())!.y;
  expect(gap).toBeLessThanOrEqual(28);

  const current = page.getByLabel("Contraseña actual");
  const fresh = page.getByLabel("Nueva contraseña", { exact: true });
  const repeat = page.getByLabel("Repetir nueva contraseña");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  // All three at once, each read out with its own field.
  await expect(current).toHaveAccessibleDescription("La contraseña actual es obligatoria");
  await expect(fresh).toHaveAccessibleDescription("La nueva contraseña es obligatoria");
  await expect(repeat).toHaveAccessibleDescription("Repite la nueva contraseña");
  for (const field of [current, fresh, repeat]) await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(current).toBeFocused();
  await expect(page.locator("[data-slot=alert]")).toHaveCount(0);
  // Each message sits below its own input, above the next label.
  const below = async (message: string, input: typeof current) =>
    (await page.getByText(message, { exact: true }).boundingBox())!.y > (await input.boundingBox())!.y;
  expect(await below("La contraseña actual es obligatoria", current)).toBe(true);
  expect(await below("Repite la nueva contraseña", repeat)).toBe(true);
  await page.screenshot({ path: "test-results/screens/backoffice/own-password-empty.png" });

  // Typing clears that field's message only; a short, differing pair is told apart.
  await current.fill("admin123");
  await expect(current).not.toHaveAttribute("aria-invalid");
  await expect(fresh).toHaveAccessibleDescription("La nueva contraseña es obligatoria");
  await fresh.fill("abc");
  await repeat.fill("abd");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(fresh).toHaveAccessibleDescription("La contraseña debe tener al menos 8 caracteres");
  await expect(repeat).toHaveAccessibleDescription("Las contraseñas no coinciden");
  await expect(current).not.toHaveAttribute("aria-invalid");
  await expect(fresh).toBeFocused();
});
