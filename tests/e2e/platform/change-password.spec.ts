import { expect, test } from "@playwright/test";
import { openProfileMenu, signIn, signOut } from "../support/auth";
import { sameOrigin } from "../student/booking-support";

test("a user changes the password and signs in with the new one", async ({ page }) => {
  await signIn(page, "instructor2");
  await openProfileMenu(page);
  await page.getByRole("menuitem", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL(/\/cambiar-contrasena$/);
  await page.getByLabel("Contraseña actual").fill("mal-puesta");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("nuevaClave9");
  await page.getByLabel("Repetir nueva contraseña").fill("nuevaClave9");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.locator("[data-slot=alert]")).toHaveText("La contraseña actual no es correcta");
  await page.getByLabel("Contraseña actual").fill("profesora123");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByText("Contraseña actualizada", { exact: true })).toBeVisible();
  await signOut(page);
  await page.getByLabel("DNI / Nombre de usuario").fill("profesora");
  await page.getByLabel("Contraseña", { exact: true }).fill("nuevaClave9");
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).toHaveURL(/\/instructor\/dashboard$/);
  // Marta's demo password back: the journeys after this one (the phone project's among them) sign in with it.
  const restored = await page.request.post("/api/auth/change-password", {
    headers: sameOrigin(),
    data: { currentPassword: "nuevaClave9", newPassword: "profesora123" },
  });
  expect(restored.status(), await restored.text()).toBe(200);
});
