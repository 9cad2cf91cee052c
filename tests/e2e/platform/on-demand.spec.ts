import { expect, test, type Page, type Route } from "@playwright/test";
import { signIn } from "../support/auth";

// Issue 13: a page no longer brings the code of its dialogs (Radix) nor its forms' rules (zod and the contract's
// schemas); they come with their first use. This checks what a person would notice if that went wrong: the page's own
// scripts hold neither, a file that cannot be fetched is told with the spec's unexpected-error toast, and trying again
// works.
const DIALOG_CODE = "dialog-content"; // the data-slot of Radix's dialog content (components/ui/dialog-parts.tsx)
const VEHICLE_RULES = "La matrícula no es válida"; // a message of the vehicle's schema (lib/contract/backoffice.ts)

test.use({ serviceWorkers: "block" });

// Every script the page fetches, with its text.
function recordScripts(page: Page): string[] {
  const texts: string[] = [];
  page.on("response", async (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) texts.push(await response.text().catch(() => ""));
  });
  return texts;
}

// Refuses the scripts that contain `marker`, as a dropped connection would.
async function refuseScriptsWith(page: Page, marker: string) {
  const handler = async (route: Route) => {
    const response = await route.fetch();
    if ((await response.text()).includes(marker)) await route.abort("connectionfailed");
    else await route.fulfill({ response });
  };
  await page.route("**/_next/static/chunks/**", handler);
  return () => page.unroute("**/_next/static/chunks/**", handler);
}

test("a dialog and its form's rules come with first use; a file that cannot be fetched is told and trying again works", async ({ page }) => {
  await signIn(page, "admin");
  const scripts = recordScripts(page);
  await page.goto("/administrator/vehicles");
  await expect(page.getByRole("button", { name: "Nuevo vehículo" })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((text) => text.includes(DIALOG_CODE))).toEqual([]);
  expect(scripts.filter((text) => text.includes(VEHICLE_RULES))).toEqual([]);

  // The dialog's code cannot be fetched: the office is told, and no half-drawn dialog stays.
  let allow = await refuseScriptsWith(page, DIALOG_CODE);
  await page.getByRole("button", { name: "Nuevo vehículo" }).click();
  await expect(page.getByText("Ha ocurrido un error inesperado", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await allow();
  await page.getByRole("button", { name: "Cerrar" }).click();
  await expect(page.getByText("Ha ocurrido un error inesperado", { exact: true })).toHaveCount(0);

  // The form's rules cannot be fetched: the submit tells so and sends nothing.
  allow = await refuseScriptsWith(page, VEHICLE_RULES);
  await page.getByRole("button", { name: "Nuevo vehículo" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuevo vehículo" });
  await dialog.getByLabel("Matrícula").fill("1234 ABC");
  const sent: string[] = [];
  page.on("request", (request) => request.method() === "POST" && sent.push(request.url()));
  await dialog.getByRole("button", { name: "Añadir vehículo" }).click();
  await expect(page.getByText("Ha ocurrido un error inesperado", { exact: true })).toBeVisible();
  await expect(dialog.getByText(VEHICLE_RULES)).toHaveCount(0);
  await allow();

  // Once the files arrive, the same submit checks the plate with the route's own rules, before any call.
  await dialog.getByRole("button", { name: "Añadir vehículo" }).click();
  await expect(dialog.getByText("La matrícula no es válida (formato 1234 BCD)")).toBeVisible();
  expect(sent).toEqual([]);
  expect(scripts.some((text) => text.includes(DIALOG_CODE))).toBe(true);
});

test("a row's menu comes with its first click; if its file cannot be fetched the office is told and clicking again opens it", async ({ page }) => {
  const MENU_CODE = "dropdown-menu-content"; // the data-slot of Radix's menu content (components/ui/dropdown-menu.tsx)
  await signIn(page, "admin");
  const scripts = recordScripts(page);
  await page.goto("/administrator/users");
  const trigger = page.getByRole("button", { name: /^Acciones de / }).first();
  await expect(trigger).toBeVisible();
  expect(scripts.filter((text) => text.includes(MENU_CODE))).toEqual([]);

  const allow = await refuseScriptsWith(page, MENU_CODE);
  await trigger.click();
  await expect(page.getByText("Ha ocurrido un error inesperado", { exact: true })).toBeVisible();
  await expect(page.getByRole("menu")).toHaveCount(0);
  await allow();

  await trigger.click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Editar" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(trigger).toBeFocused();
});
