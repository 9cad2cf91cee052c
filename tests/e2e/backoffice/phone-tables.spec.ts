import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn } from "../support/auth";
import { clickHydrated } from "../support/hydration";

// A phone: the tables are wider than the screen and scroll sideways inside their own box, not the whole page.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const shots = "test-results/screens/backoffice";

async function expectScrolledIntoView(page: Page, target: Locator) {
  const container = target.locator("xpath=ancestor::*[@data-slot='table-container']");
  // Off to the right at first: the table is wider than the phone.
  expect(await container.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await target.scrollIntoViewIfNeeded();
  // Whole, give or take a subpixel of rounding.
  await expect(target).toBeInViewport({ ratio: 0.95 });
  expect(await container.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  // The page itself never scrolls sideways: only the table's box does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test("on a phone the office reaches every column of the users and activity tables", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/administrator/users");
  const lucia = page.getByRole("row", { name: /Lucía Martín García/ });
  await expect(page.getByRole("columnheader", { name: "Estado" })).toHaveCount(1);
  await expectScrolledIntoView(page, lucia.getByText("Activo", { exact: true }));
  const actAs = lucia.getByRole("button", { name: "Actuar como este usuario: Lucía Martín García" });
  await expectScrolledIntoView(page, actAs);
  await page.screenshot({ path: `${shots}/phone-users.png` });
  await clickHydrated(actAs);
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await clickHydrated(page.getByRole("region", { name: "Suplantación" }).getByRole("button", { name: "Salir de suplantación" }));
  await expect(page).toHaveURL(/\/biometric$/);

  await page.goto("/administrator/audit");
  const start = page.getByRole("row", { name: /Inicio de suplantación/ }).first();
  await expect(start).toContainText("como Lucía Martín García");
  await expectScrolledIntoView(page, page.getByRole("columnheader", { name: "Detalle" }));
  await page.screenshot({ path: `${shots}/phone-audit.png` });
});

test("on a phone an instructor reaches the balance column of the students table", async ({ page }) => {
  await signIn(page, "instructor");
  await page.goto("/instructor/students");
  const lucia = page.getByTestId("instructor-student-row").filter({ hasText: "Lucía Martín García" });
  await expectScrolledIntoView(page, page.getByRole("columnheader", { name: "Saldo" }));
  await expect(lucia.getByRole("cell").last()).toBeInViewport({ ratio: 0.95 });
  await expect(lucia.getByRole("cell").last()).toHaveText(/\d/);
  await page.screenshot({ path: `${shots}/phone-instructor-students.png` });
});
