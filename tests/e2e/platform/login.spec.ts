import { expect, test } from "@playwright/test";
import { DEMO_USERS, signIn, signOut } from "../support/auth";

test.describe("login", () => {
  test("validates the form before sending", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page.getByText("El nombre de usuario es obligatorio")).toBeVisible();
    await expect(page.getByText("La contraseña es obligatoria")).toBeVisible();
    await page.getByLabel("DNI / Nombre de usuario").fill("alumno");
    await page.getByLabel("Contraseña", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page.getByText("La contraseña debe tener al menos 6 caracteres")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("shows the server's message on wrong credentials and lets the password be shown", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("DNI / Nombre de usuario").fill("alumno");
    const password = page.getByLabel("Contraseña", { exact: true });
    await password.fill("incorrecta");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Mostrar contraseña" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page.locator("[data-slot=alert]")).toHaveText("Usuario o contraseña incorrectos");
  });

  test("keeps the token out of JavaScript and signs out completely", async ({ page, context }) => {
    await signIn(page, "student");
    const visible = await page.evaluate(() => document.cookie + JSON.stringify(window.localStorage));
    expect(visible).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    const session = (await context.cookies()).find((c) => c.name === "volante_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    await signOut(page);
    expect((await context.cookies()).find((c) => c.name === "volante_session")).toBeUndefined();
    await page.goto("/student/reservations");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("signs in with the DNI as well", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("DNI / Nombre de usuario").fill("12345678z");
    await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_USERS.student.password);
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page).toHaveURL(/\/student\/reservations$/);
  });
});
