import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { newPerson } from "../student/booking-support";

test("a deactivated student's open session is refused at once; reactivated, she can sign in again", async ({ page, browser }, testInfo) => {
  const student = await newPerson(browser, testInfo);
  await signIn(student.page, "student2");

  await signIn(page, "admin");
  await page.goto("/administrator/users");
  await page.getByLabel("Buscar usuarios").fill("Sara");
  const row = page.getByRole("row", { name: /Sara López Díaz/ });
  await row.getByRole("button", { name: "Acciones de Sara López Díaz" }).click();
  await page.getByRole("menuitem", { name: "Desactivar" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Desactivar" }).click();
  await expect(page.getByText("Sara López Díaz desactivado", { exact: true })).toBeVisible();

  // Her open session is refused on its next call, and she cannot sign in again.
  expect((await student.page.request.get("/api/student/reservations")).status()).toBe(401);
  const other = await newPerson(browser, testInfo);
  await other.page.goto("/login");
  await other.page.getByLabel("DNI / Nombre de usuario").fill("alumno2");
  await other.page.getByLabel("Contraseña", { exact: true }).fill("alumno123");
  await other.page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(other.page.locator("[data-slot=alert]")).toHaveText("Usuario o contraseña incorrectos");
  await other.context.close();

  // Reactivated (the demo data stays as it was for other journeys).
  await page.getByLabel("Estado").selectOption("inactive");
  await row.getByRole("button", { name: "Acciones de Sara López Díaz" }).click();
  await page.getByRole("menuitem", { name: "Reactivar" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Reactivar" }).click();
  await expect(page.getByText("Sara López Díaz reactivado", { exact: true })).toBeVisible();
  // Deactivation revoked the old session for good; she signs in again and her data is there.
  expect((await student.page.request.get("/api/student/reservations")).status()).toBe(401);
  // Her open tab, on its next call, finds the session ended and goes to the login page; she signs in again.
  await student.page.reload();
  await expect(student.page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await signIn(student.page, "student2");
  expect((await student.page.request.get("/api/student/reservations")).status()).toBe(200);
  await student.context.close();
});
