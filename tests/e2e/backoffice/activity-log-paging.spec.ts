import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../support/auth";
import { clickHydrated, hydrated } from "../support/hydration";

// The activity log reads a page at a time (25 entries, newest first): 'Cargar más' adds the older ones below,
// each entry once, and a new filter starts again from the newest.
const shots = "test-results/screens/backoffice";

// Entries that leave no data behind and that no other journey counts: a licence type added and removed again.
async function addAndRemoveLicense(page: Page, name: string) {
  return page.evaluate(async (licenseName) => {
    const created = await fetch("/api/administrator/licenses", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: "carretillas-elevadoras", name: licenseName }),
    });
    if (created.status !== 201) return created.status;
    const { id } = (await created.json()) as { id: string };
    return (await fetch(`/api/administrator/licenses/${id}`, { method: "DELETE" })).status;
  }, name);
}

test("the office reads the activity log a page at a time with 'Cargar más'", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "admin");
  await page.goto("/administrator/audit");
  await expect(page.getByRole("heading", { name: "Registro de actividad" })).toBeVisible();

  // Thirty licences added (and removed): more entries of one action than a page holds. Names unique to this run
  // (a reused data folder keeps older runs' entries).
  const run = Date.now().toString(36);
  for (let i = 0; i < 30; i += 1) expect(await addAndRemoveLicense(page, `Prueba ${run}-${i}`)).toBe(200);

  await page.reload();
  // The page is drawn by the server: a filter chosen before its code has hydrated is put back to 'Todas' (CI met it).
  await hydrated(page.getByLabel("Acción"));
  await page.getByLabel("Acción").selectOption({ label: "Permiso añadido" });
  const rows = page.getByRole("row", { name: /Permiso añadido/ });
  await expect(rows).toHaveCount(25);
  // Newest first: the last one added heads the list.
  await expect(rows.first()).toContainText(`Prueba ${run}-29`);
  await expect(page.getByRole("row", { name: new RegExp(`Prueba ${run}-0\\b`) })).toHaveCount(0);

  await clickHydrated(page.getByRole("button", { name: "Cargar más" }));
  await expect(rows.nth(25)).toBeVisible();
  // Each of the thirty exactly once, across the first page and the next.
  for (const i of [29, 15, 4, 0]) await expect(page.getByRole("row", { name: new RegExp(`Prueba ${run}-${i}\\b`) })).toHaveCount(1);
  await page.screenshot({ path: `${shots}/audit-load-more.png`, fullPage: true });

  // A new filter starts again from the newest page: the removals, newest first.
  await page.getByLabel("Acción").selectOption({ label: "Permiso eliminado" });
  await expect(page.getByRole("row", { name: /Permiso eliminado/ })).toHaveCount(25);
  await expect(page.getByRole("row", { name: /Permiso eliminado/ }).first()).toContainText(`Prueba ${run}-29`);
});
