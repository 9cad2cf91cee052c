import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Locator } from "@playwright/test";
import { signInByApi } from "../support/auth";
import { clickHydrated } from "../support/hydration";

/** Picks an action in an item's menu (its code arrives with the first reach for it). */
async function itemAction(license: Locator, name: string, action: "Subir" | "Bajar" | "Renombrar" | "Eliminar") {
  await clickHydrated(license.getByRole("button", { name: `Acciones de ${name}`, exact: true }));
  await license.page().getByRole("menuitem", { name: action }).click();
}

const names = async (license: Locator) => (await license.getByTestId("library-item").allInnerTexts()).map((t) => t.trim());

test("the office reorders, renames and removes library items, is stopped before an oversize upload, and sees it all audited", async ({ page }) => {
  const stamp = Date.now();
  const first = `Enlace uno ${stamp}`;
  const second = `Enlace dos ${stamp}`;
  await signInByApi(page, "admin");
  await page.goto("/administrator/content");
  const licenseB = page.getByTestId("library-license-b");
  await expect(licenseB.getByText("Permiso B", { exact: true })).toBeVisible();

  // The form opens on demand and stays open for the next item.
  await clickHydrated(licenseB.getByRole("button", { name: "Añadir contenido al permiso B" }));
  await expect(licenseB.getByLabel("Tipo", { exact: true })).toBeFocused();
  for (const name of [first, second]) {
    await licenseB.getByLabel("Tipo", { exact: true }).selectOption("iframe");
    await licenseB.getByLabel("Nombre", { exact: true }).fill(name);
    await licenseB.getByLabel("Dirección del test").fill("https://example.com/test");
    await licenseB.getByRole("button", { name: "Añadir", exact: true }).click();
    await expect(licenseB.getByText(name, { exact: true })).toBeVisible();
  }
  // 'Cancelar' closes the form and gives the focus back to the button that opened it.
  const opener = licenseB.getByRole("button", { name: "Añadir contenido al permiso B" });
  await licenseB.getByRole("button", { name: "Cancelar", exact: true }).click();
  await expect(licenseB.getByLabel("Tipo", { exact: true })).toHaveCount(0);
  await expect(opener).toBeFocused();
  const at = async (name: string) => (await names(licenseB)).findIndex((t) => t.includes(name));
  expect(await at(second)).toBe((await at(first)) + 1);

  // One request moves the item; the order follows.
  const moved = page.waitForResponse((r) => /\/api\/administrator\/content\/[^/]+\/move$/.test(r.url()));
  await itemAction(licenseB, second, "Subir");
  expect((await moved).status()).toBe(200);
  await expect.poll(async () => (await at(second)) < (await at(first))).toBe(true);
  await itemAction(licenseB, second, "Bajar");
  await expect.poll(async () => (await at(second)) > (await at(first))).toBe(true);

  await itemAction(licenseB, first, "Renombrar");
  // The field takes the focus from the closing menu: typing goes straight into the name.
  await expect(licenseB.getByLabel("Nuevo nombre")).toBeFocused();
  await licenseB.getByLabel("Nuevo nombre").fill(`${first} (repaso)`);
  await licenseB.getByRole("button", { name: "Guardar nombre" }).click();
  await expect(page.getByText("Contenido renombrado", { exact: true })).toBeVisible();
  await expect(licenseB.getByText(`${first} (repaso)`, { exact: true })).toBeVisible();

  // A file over the limit is refused in the form, with the API's words, and nothing is sent.
  const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "volante-e2e-")), "grande.pdf");
  fs.writeFileSync(big, "%PDF-1.4\n");
  fs.truncateSync(big, 50 * 1024 * 1024 + 1);
  const uploads: string[] = [];
  page.on("request", (r) => r.url().includes("/api/administrator/content/upload") && uploads.push(r.url()));
  await opener.click();
  await licenseB.getByLabel("Tipo", { exact: true }).selectOption("document");
  await licenseB.getByLabel("Nombre", { exact: true }).fill(`Demasiado grande ${stamp}`);
  await licenseB.getByLabel("Archivo", { exact: true }).setInputFiles(big);
  await expect(licenseB.getByRole("alert")).toHaveText("El documento supera el tamaño máximo de 50 MB");
  await expect(licenseB.getByRole("button", { name: "Añadir", exact: true })).toBeDisabled();
  await licenseB.getByRole("button", { name: "Añadir", exact: true }).click({ force: true });
  expect(uploads).toEqual([]);
  fs.rmSync(path.dirname(big), { recursive: true, force: true });

  for (const name of [`${first} (repaso)`, second]) {
    await itemAction(licenseB, name, "Eliminar");
    await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByText("Contenido eliminado", { exact: true }).first()).toBeVisible();
    await expect(licenseB.getByText(name, { exact: true })).toHaveCount(0);
  }

  await page.goto("/administrator/audit");
  await expect(page.getByRole("row", { name: new RegExp(`Enlace de test añadido.*${first}.*Permiso B`) })).toBeVisible();
  // Up, then down: two moves, each audited with its positions.
  const moves = page.getByRole("row", { name: new RegExp(`Contenido reordenado.*${second}.*posición: \\d+ → \\d+`) });
  await expect(moves).toHaveCount(2);
  await expect(page.getByRole("row", { name: new RegExp(`Contenido modificado.*nombre: ${first} → ${first} \\(repaso\\)`) })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Contenido eliminado.*${second}`) })).toBeVisible();
});
