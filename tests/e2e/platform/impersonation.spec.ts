import { expect, test } from "@playwright/test";
import { openProfileMenu, signIn } from "../support/auth";

test("an administrator acts as a student and comes back", async ({ page, context }) => {
  await signIn(page, "admin");
  await page.getByRole("link", { name: "Usuarios" }).click();
  await page.getByRole("button", { name: "Actuar como Lucía Martín García" }).click();
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await expect(page.getByTestId("profile-name")).toHaveText("Lucía Martín García");
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "jwt_s")?.httpOnly).toBe(true);
  expect(cookies.find((c) => c.name === "jwt_hp")).toBeDefined();

  await openProfileMenu(page);
  await page.getByRole("menuitem", { name: "Salir de suplantación" }).click();
  await expect(page).toHaveURL(/\/biometric$/);
  await expect(page.getByTestId("profile-name")).toHaveText("Ana Torres");
  const after = await context.cookies();
  expect(after.find((c) => c.name === "jwt_hp" || c.name === "jwt_s")).toBeUndefined();
  await openProfileMenu(page);
  await expect(page.getByRole("menuitem", { name: "Salir de suplantación" })).toHaveCount(0);
});

test("a student has no way to impersonate", async ({ page }) => {
  await signIn(page, "student");
  const response = await page.goto("/administrator/users");
  expect(response?.status()).toBe(404);
  expect((await page.request.post("/api/auth/impersonate/00000000-0000-4000-8000-000000000000")).status()).toBe(403);
  await page.goto("/student/reservations");
  await openProfileMenu(page);
  await expect(page.getByRole("menuitem", { name: "Salir de suplantación" })).toHaveCount(0);
});
