import { expect, test } from "@playwright/test";
import { createFreshStudent, signInAsStudent } from "../support/fresh-student";
import { bell, expectThumbTargets, lookAndScan } from "./support";

// Issue 29 on a phone (390×844): the bell sits in the header beside the menu button, a 44 px target, and the new pages
// fit the screen without sideways scrolling.

test("on a phone the bell is in the header, and 'Notificaciones' and 'Mi perfil' fit the screen", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const student = await createFreshStudent(page, "Vera");
  await signInAsStudent(page, student);
  const header = page.locator("header").filter({ has: page.getByRole("button", { name: "Abrir menú" }) });
  await expect(header.getByTestId("notification-bell")).toBeVisible();
  await expect(bell(page)).toHaveCount(1);
  await expectThumbTargets(page, '[data-testid="notification-bell"]');

  await bell(page).click();
  await expect(page).toHaveURL(/\/notificaciones$/);
  await expect(page.getByText("No tienes notificaciones", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await lookAndScan(page, testInfo, "notificaciones-empty-phone");

  await page.goto("/perfil");
  await expect(page.getByRole("heading", { level: 1, name: "Mi perfil" })).toBeVisible();
  await expect(page.getByTestId("preference-row").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectThumbTargets(page, 'main button, main [role="switch"], main input');
  await lookAndScan(page, testInfo, "perfil-phone");
});
