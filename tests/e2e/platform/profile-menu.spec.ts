import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { hydrated } from "../support/hydration";

// The sidebar's profile menu is drawn by the server as a plain button and its menu is loaded on first use
// (docs/decisions.md, Performance): it must still work from the keyboard and the mouse as a menu button does.
test("the profile menu opens from the keyboard, closes back to its trigger, and its items work", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signIn(page, "student");
  const trigger = page.getByRole("button", { name: "Menú de usuario" });
  await expect(trigger).toContainText(user.name);
  await expect(trigger).toContainText("LM");
  await expect(trigger).toHaveAttribute("aria-haspopup", "menu");

  await hydrated(trigger);
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Cambiar contraseña" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Cerrar sesión" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Salir de suplantación" })).toHaveCount(0);

  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Menú de usuario" })).toBeFocused();

  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Menú de usuario" }).click();
  await page.getByRole("menuitem", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL(/\/cambiar-contrasena$/);
  await expect(page.getByRole("heading", { name: "Cambiar contraseña" })).toBeVisible();
});
