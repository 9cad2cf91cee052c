import path from "node:path";
import { expect, test } from "@playwright/test";
import { signInByApi } from "../support/auth";

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const LABEL = "Lucía Martín García · 12345678Z";

// Issue 28 §6: on a phone the document opens fitted to the screen's width (150 % cut the page), with the student's
// label once on every page, legible and never overlapping itself.
test("on a phone a document opens at the screen's width with one watermark per page", async ({ page }) => {
  await signInByApi(page, "student");
  await page.goto("/student/content");
  await page.getByRole("button", { name: "Ver contenidos" }).first().click();
  await page.getByRole("button", { name: "Temario y esquemas" }).click();
  await expect(page.getByText("Temario del permiso").first()).toBeVisible({ timeout: 20_000 });

  // The page's width fits the 390 px screen: nothing of it is off either side, and the viewer does not scroll sideways.
  const first = page.getByTestId("core__page-layer-0");
  const box = (await first.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.width).toBeGreaterThan(300);
  const zoom = Number((await page.getByTestId("pdf-zoom").textContent())!.replace("%", ""));
  expect(zoom).toBeLessThan(100);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // One label per drawn page, inside it, and its text whole (not clipped by the page).
  const pages = page.locator('[data-testid^="core__page-layer-"]:not([data-testid*="loading"])');
  await expect(pages.first().getByTestId("content-watermark")).toHaveCount(1);
  const count = await pages.count();
  for (let i = 0; i < count; i++) {
    const layer = pages.nth(i);
    const mark = layer.getByTestId("content-watermark");
    await expect(mark).toHaveCount(1);
    await expect(mark).toHaveText(LABEL);
    const fits = await mark.locator("span").evaluate((label) => {
      const page = label.closest('[data-testid^="core__page-layer-"]')!.getBoundingClientRect();
      const text = label.getBoundingClientRect();
      const size = parseFloat(getComputedStyle(label).fontSize);
      return { inside: text.left >= page.left - 1 && text.right <= page.right + 1 && text.top >= page.top - 1 && text.bottom <= page.bottom + 1, size };
    });
    expect(fits.inside).toBe(true);
    expect(fits.size).toBeGreaterThanOrEqual(14);
  }
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "student-pdf-phone.png") });

  // The zoom steps from the fitted scale onto the spec's grid.
  await page.getByRole("button", { name: "Aumentar zoom" }).click();
  await expect(page.getByTestId("pdf-zoom")).toHaveText("75%");
  await page.getByRole("button", { name: "Reducir zoom" }).click();
  await expect(page.getByTestId("pdf-zoom")).toHaveText("50%");
  await expect(page.getByRole("button", { name: "Reducir zoom" })).toBeDisabled();
});
