import { expect, test, type Locator, type Page } from "@playwright/test";
import { NAV_ITEMS } from "@/components/shell/nav-config";
import { signIn } from "../support/auth";
import { clickHydrated } from "../support/hydration";
import { MIN_TARGET_PX, cutOffContent, sidewaysOverflow } from "../support/touch-targets";

// Issue "Phone first" §6: on a phone the office's tables are stacked cards (components/ui/table.tsx): each row a card
// with every value led by its column's name and the row's actions at its foot, all within the screen; no office page
// scrolls sideways. On a wide screen they stay tables.

const PHONE_WIDTH = 390;
const LOADING = '[data-slot="skeleton"], [aria-busy="true"], [role="status"][aria-label="Cargando"]';
const OFFICE_PAGES = [...NAV_ITEMS.administrator.filter((i) => !i.isExternalLink).map((i) => i.to), "/biometric/courses/new"];

async function settle(page: Page) {
  await expect(page.locator("main").first()).toBeVisible();
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 20_000 });
}

/** A row drawn as a card: inside the screen's width, its text and `controls` wholly on screen once scrolled to. */
async function expectCard(row: Locator, texts: string[], controls: Locator[] = []) {
  await row.scrollIntoViewIfNeeded();
  const box = (await row.boundingBox())!;
  expect(box.x, "the card starts on screen").toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, "the card ends on screen").toBeLessThanOrEqual(PHONE_WIDTH);
  for (const text of texts) await expect(row).toContainText(text);
  for (const control of controls) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 0.95 });
    const size = (await control.boundingBox())!;
    expect(size.width, `${await control.getAttribute("aria-label")} width`).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    expect(size.height, `${await control.getAttribute("aria-label")} height`).toBeGreaterThanOrEqual(MIN_TARGET_PX);
  }
}

test("no office page scrolls sideways or is cut off on a phone", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "admin");
  const wide: string[] = [];
  const queue = [...OFFICE_PAGES];
  for (let path = queue.shift(); path; path = queue.shift()) {
    await page.goto(path);
    await settle(page);
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) wide.push(`${path}: ${overflow} px too wide`);
    // Nor is anything wider than the screen hidden by a box that clips it.
    wide.push(...(await cutOffContent(page)).map((what) => `${path}: cut off: ${what}`));
    // The running course's page, one of its sessions and a CAP student's page.
    if (path === "/biometric") queue.unshift((await page.locator('a[href^="/biometric/courses/"]:has-text("Mercancías")').first().getAttribute("href"))!);
    if (/^\/biometric\/courses\/[^/]+$/.test(path) && path !== "/biometric/courses/new") {
      await page.getByRole("tab", { name: "Alumnos inscritos" }).click();
      await expect(page.getByRole("tab", { name: "Alumnos inscritos" })).toHaveAttribute("data-state", "active");
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) wide.push(`${path} (Alumnos inscritos): ${overflow} px too wide`);
      wide.push(...(await cutOffContent(page)).map((what) => `${path} (Alumnos inscritos): cut off: ${what}`));
      await page.getByRole("tab", { name: "Sesiones" }).click();
      queue.unshift((await page.locator('a[href*="/sessions/"]').first().getAttribute("href"))!);
    }
    if (path === "/biometric/students") queue.unshift((await page.locator('a[href^="/biometric/students/"]').first().getAttribute("href"))!);
  }
  expect(wide, wide.join("\n")).toEqual([]);
});

test("on a phone the office's tables are cards with every value and action in reach; on a wide screen, tables", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "admin");

  // Users: a card per person, the column names on the card, the row's actions at its foot.
  await page.goto("/administrator/users");
  await settle(page);
  // The journeys before this one add users: the list's first page may not reach her.
  await page.getByLabel("Buscar usuarios").fill("Lucía Martín");
  const lucia = page.getByRole("row", { name: /Lucía Martín García/ });
  const actAs = lucia.getByRole("button", { name: "Actuar como este usuario: Lucía Martín García" });
  await expectCard(lucia, ["Usuario", "alumno", "DNI", "Rol", "Estado", "Activo"], [actAs, lucia.getByRole("button", { name: "Acciones de Lucía Martín García" })]);
  // The column names stay the table's for a screen reader, off the screen.
  await expect(page.getByRole("columnheader", { name: "Estado" })).toHaveCount(1);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await clickHydrated(actAs);
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await clickHydrated(page.getByRole("region", { name: "Suplantación" }).getByRole("button", { name: "Salir de suplantación" }));
  await expect(page).toHaveURL(/\/administrator$/);

  // Licences: the school's licences with a 44 px delete button each; who teaches what; the assignments.
  await page.goto("/administrator/licenses");
  await settle(page);
  const licences = page.getByRole("list", { name: "Permisos" });
  for (const remove of await licences.getByRole("button", { name: /^Eliminar permiso / }).all()) await expectCard(licences, [], [remove]);
  const carlos = page.getByRole("row", { name: /Carlos Ruiz Pérez/ }).first();
  await expectCard(carlos, ["Permisos", "Permiso B"], [carlos.getByRole("button", { name: "Editar permisos de Carlos Ruiz Pérez" })]);
  const assignment = page.getByRole("row").filter({ has: page.getByRole("button", { name: /^Quitar asignación de Lucía Martín García/ }) }).first();
  await expectCard(assignment, ["Profesor", "Permiso"], [assignment.getByRole("button", { name: /^Quitar asignación/ })]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // Vehicles and the activity log.
  await page.goto("/administrator/vehicles");
  await settle(page);
  const vehicle = page.getByRole("row").filter({ has: page.getByRole("button", { name: /^Editar vehículo / }) }).first();
  await expectCard(vehicle, ["Descripción", "Permiso", "Estado"], [vehicle.getByRole("button", { name: /^Editar vehículo / })]);
  await page.goto("/administrator/audit");
  await settle(page);
  const start = page.getByRole("row", { name: /Inicio de suplantación/ }).first();
  await expectCard(start, ["Quién", "como Lucía Martín García", "Acción", "Detalle"]);

  // A wide screen: the same page is a table again, each row on one line under its column names.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/administrator/users");
  await settle(page);
  await expect(page.getByRole("columnheader", { name: "Estado" })).toBeVisible();
  await page.getByLabel("Buscar usuarios").fill("Lucía Martín");
  const row = page.getByRole("row", { name: /Lucía Martín García/ });
  const [name, status] = [(await row.getByRole("cell").first().boundingBox())!, (await row.getByText("Activo", { exact: true }).boundingBox())!];
  expect(Math.abs(name.y + name.height / 2 - (status.y + status.height / 2)), "name and status on one line").toBeLessThan(8);
  await expect(row.getByText("Usuario", { exact: true })).toBeHidden();
});

test("on a phone an instructor's students are cards with their balance", async ({ page }) => {
  await signIn(page, "instructor");
  await page.goto("/instructor/students");
  await settle(page);
  const lucia = page.getByTestId("instructor-student-row").filter({ hasText: "Lucía Martín García" });
  await expectCard(lucia, ["DNI", "Permisos", "Saldo"]);
  await expect(lucia.getByRole("cell").last()).toHaveText(/Saldo.*\d/);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
