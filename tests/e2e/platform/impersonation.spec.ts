import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { openProfileMenu, signIn } from "../support/auth";
import { clickHydrated } from "../support/hydration";

const banner = (page: Page) => page.getByRole("region", { name: "Suplantación" });

// Serious or critical WCAG 2.1 A/AA findings inside the banner, in the light and the dark theme.
async function bannerViolations(page: Page) {
  const found: string[] = [];
  for (const dark of [false, true]) {
    await page.evaluate(async (isDark) => {
      document.documentElement.classList.toggle("dark", isDark);
      const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    }, dark);
    const results = await new AxeBuilder({ page })
      .include('section[aria-label="Suplantación"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .setLegacyMode(true)
      .analyze();
    found.push(...results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${dark ? "dark" : "light"}: ${v.id}`));
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  return found;
}

test("an administrator acts as a student and comes back", async ({ page, context }) => {
  await signIn(page, "admin");
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole("link", { name: "Usuarios" }).click();
  // The journeys before this one add users: the list's first page may not reach her.
  await page.getByLabel("Buscar usuarios").fill("Lucía Martín");
  await clickHydrated(page.getByRole("button", { name: "Actuar como este usuario: Lucía Martín García" }));
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await expect(page.getByTestId("profile-name")).toHaveText("Lucía Martín García");
  await expect(banner(page)).toContainText("Estás actuando como Lucía Martín García");
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "jwt_s")?.httpOnly).toBe(true);
  expect(cookies.find((c) => c.name === "jwt_hp")).toBeDefined();

  await openProfileMenu(page);
  await page.getByRole("menuitem", { name: "Salir de suplantación" }).click();
  await expect(page).toHaveURL(/\/administrator$/);
  await expect(page.getByTestId("profile-name")).toHaveText("Ana Torres");
  await expect(banner(page)).toHaveCount(0);
  const after = await context.cookies();
  expect(after.find((c) => c.name === "jwt_hp" || c.name === "jwt_s")).toBeUndefined();
  await openProfileMenu(page);
  await expect(page.getByRole("menuitem", { name: "Salir de suplantación" })).toHaveCount(0);
});

test("a banner says whom the administrator acts as and leaves from there; the activity log names the user", async ({ page, context }) => {
  await signIn(page, "admin");
  await page.getByRole("link", { name: "Usuarios" }).click();
  // A user without a login has no application to be shown: no button on their row.
  await page.getByLabel("Buscar usuarios").fill("Carmen Ruiz");
  const carmen = page.getByRole("row", { name: /Carmen Ruiz Sánchez/ });
  await expect(carmen).toContainText("Sin acceso");
  await expect(carmen.getByRole("button", { name: /^Actuar como/ })).toHaveCount(0);
  await page.getByLabel("Buscar usuarios").fill("Lucía Martín");
  await expect(page.getByRole("button", { name: "Actuar como este usuario: Lucía Martín García" })).toBeVisible();

  await clickHydrated(page.getByRole("button", { name: "Actuar como este usuario: Lucía Martín García" }));
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await expect(banner(page)).toContainText("Estás actuando como Lucía Martín García");
  await expect(banner(page)).toBeInViewport();
  // The sidebar shows the whole name (two lines if needed), not 'Lucía Martín Ga…'.
  const name = page.getByTestId("profile-name");
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  expect(await bannerViolations(page)).toEqual([]);
  // Still there on another page, still there after scrolling down it.
  await page.getByRole("link", { name: "Mi saldo" }).click();
  await expect(page).toHaveURL(/\/student\/balance\/history$/);
  await page.mouse.wheel(0, 2000);
  await expect(banner(page)).toBeInViewport();
  await page.screenshot({ path: "test-results/screens/platform/impersonation-banner.png" });

  await clickHydrated(banner(page).getByRole("button", { name: "Salir de suplantación" }));
  await expect(page).toHaveURL(/\/administrator$/);
  await expect(page.getByTestId("profile-name")).toHaveText("Ana Torres");
  await expect(banner(page)).toHaveCount(0);
  expect((await context.cookies()).find((c) => c.name === "jwt_hp" || c.name === "jwt_s")).toBeUndefined();

  await page.getByRole("link", { name: "Registro de actividad" }).click();
  await expect(page.getByRole("row", { name: /Inicio de suplantación/ }).first()).toContainText("como Lucía Martín García");
  await expect(page.getByRole("row", { name: /Fin de suplantación/ }).first()).toContainText("como Lucía Martín García");
  await expect(page.getByRole("combobox", { name: "Acción" }).getByRole("option", { name: "Inicio de suplantación" })).toHaveCount(1);
});

test("a student has no way to impersonate", async ({ page }) => {
  await signIn(page, "student");
  const response = await page.goto("/administrator/users");
  expect(response?.status()).toBe(404);
  expect((await page.request.post("/api/auth/impersonate/00000000-0000-4000-8000-000000000000")).status()).toBe(403);
  await page.goto("/student/reservations");
  await expect(page.getByRole("region", { name: "Suplantación" })).toHaveCount(0);
  await openProfileMenu(page);
  await expect(page.getByRole("menuitem", { name: "Salir de suplantación" })).toHaveCount(0);
});
