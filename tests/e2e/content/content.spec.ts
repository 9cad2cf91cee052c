import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signInByApi } from "../support/auth";
import { clickHydrated } from "../support/hydration";

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

// Listens after the page's own handlers: a shortcut or context menu the viewer blocked arrives here prevented.
async function recordPrevented(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { prevented: string[] };
    w.prevented = [];
    window.addEventListener("keydown", (e) => e.defaultPrevented && w.prevented.push(`key:${e.key}`), true);
    document.addEventListener("contextmenu", (e) => e.defaultPrevented && w.prevented.push("contextmenu"), true);
  });
}

test("the administrator uploads a PDF; the student reads it protected, zooms, and plays and seeks a video", async ({ browser }) => {
  const name = `Temario e2e ${Date.now()}`;
  const admin = await browser.newPage();
  await signInByApi(admin, "admin");
  await admin.goto("/administrator/content");
  const licenseB = admin.getByTestId("library-license-b");
  await expect(licenseB.getByText("Permiso B", { exact: true })).toBeVisible();
  await clickHydrated(licenseB.getByRole("button", { name: "Añadir contenido al permiso B" }));
  await licenseB.getByLabel("Nombre", { exact: true }).fill(name);
  await licenseB.getByLabel("Archivo", { exact: true }).setInputFiles(path.join(process.cwd(), "server/demo/assets/temario-demo.pdf"));
  await licenseB.getByRole("button", { name: "Añadir", exact: true }).click();
  await expect(licenseB.getByText(name)).toBeVisible();
  await shot(admin, "admin-library");
  await admin.close();

  const page = await browser.newPage();
  await signInByApi(page, "student");
  await page.goto("/student/content");
  await page.getByLabel("Permiso").selectOption({ label: "Permiso B" });
  await expect(page.getByText("Libro, esquemas y resúmenes", { exact: true })).toBeVisible();
  await expect(page.getByText("Videoclases", { exact: true })).toBeVisible();
  await expect(page.getByText("Plataforma de test")).toBeVisible();
  await shot(page, "student-cards");
  await page.getByRole("button", { name: "Ver contenidos" }).first().click();
  await page.getByRole("button", { name }).click();

  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("Temario del permiso").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("content-watermark").getByText("Lucía Martín García · 12345678Z").first()).toBeAttached();
  await expect(page.getByTestId("pdf-zoom")).toHaveText("150%");
  await page.getByRole("button", { name: "Aumentar zoom" }).click();
  await expect(page.getByTestId("pdf-zoom")).toHaveText("175%");
  for (let i = 0; i < 10; i++) await page.getByRole("button", { name: "Reducir zoom" }).click({ force: true });
  await expect(page.getByTestId("pdf-zoom")).toHaveText("50%");
  await expect(page.getByRole("button", { name: "Reducir zoom" })).toBeDisabled();
  await page.getByRole("button", { name: "Aumentar zoom" }).click();
  await expect(page.getByTestId("pdf-zoom")).toHaveText("75%");
  await expect(page.getByRole("button", { name: /descarg|download|imprimir|print/i })).toHaveCount(0);
  await shot(page, "student-pdf");

  await recordPrevented(page);
  await page.getByTestId("content-viewer").click({ button: "right" });
  await page.keyboard.press("Control+s");
  await page.keyboard.press("Control+p");
  await page.keyboard.press("Meta+s");
  expect(await page.evaluate(() => (window as unknown as { prevented: string[] }).prevented)).toEqual([
    "contextmenu",
    "key:s",
    "key:p",
    "key:s",
  ]);

  await page.getByRole("button", { name: "Volver" }).click();
  await page.getByRole("button", { name: "Volver" }).click();
  await page.getByRole("button", { name: "Ver contenidos" }).nth(1).click();
  await page.getByRole("button", { name: "Videoclase: señales de circulación" }).click();
  const video = page.getByTestId("content-video");
  await expect(video).toHaveAttribute("controlslist", /nodownload/);
  await expect(video).toHaveAttribute("disablepictureinpicture", "");
  const played = await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    await new Promise((r) => setTimeout(r, 500));
    const playing = !v.paused && v.currentTime > 0;
    v.currentTime = 4;
    await new Promise((r) => v.addEventListener("seeked", r, { once: true }));
    return { playing, time: v.currentTime, duration: v.duration };
  });
  expect(played.playing).toBe(true);
  expect(played.duration).toBeGreaterThan(5);
  expect(played.time).toBeGreaterThanOrEqual(4);
  await shot(page, "student-video");
  await page.close();
});

test("the watermark lies once on each page, never on the zoom toolbar: the zoom buttons take plain clicks", async ({ page }) => {
  await signInByApi(page, "student");
  await page.goto("/student/content");
  await page.getByLabel("Permiso").selectOption({ label: "Permiso B" });
  await page.getByRole("button", { name: "Ver contenidos" }).first().click();
  await page.getByRole("button", { name: "Temario y esquemas" }).click();
  await expect(page.getByText("Temario del permiso").first()).toBeVisible({ timeout: 20_000 });

  // One label per drawn page, inside that page.
  const pages = page.locator('[data-testid^="core__page-layer-"]:not([data-testid*="loading"])');
  await expect(pages.first().getByTestId("content-watermark")).toHaveCount(1);
  const count = await pages.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const layer = pages.nth(i);
    await expect(layer.getByTestId("content-watermark")).toHaveCount(1);
    await expect(layer.getByTestId("content-watermark")).toHaveText("Lucía Martín García · 12345678Z");
  }
  const toolbar = (await page.getByRole("toolbar", { name: "Zoom" }).boundingBox())!;
  const first = (await page.getByTestId("content-watermark").first().boundingBox())!;
  expect(first.y).toBeGreaterThanOrEqual(toolbar.y + toolbar.height - 1);

  // Nothing of ours lies over the buttons: what the pointer hits at their centre is the button itself.
  for (const name of ["Aumentar zoom", "Reducir zoom"]) {
    const hit = await page.getByRole("button", { name }).evaluate((button) => {
      const box = button.getBoundingClientRect();
      const stack = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return { onTop: button.contains(stack[0]!), watermarked: stack.some((el) => el.closest("[data-testid=content-watermark]")) };
    });
    expect(hit).toEqual({ onTop: true, watermarked: false });
  }
  await expect(page.getByTestId("pdf-zoom")).toHaveText("150%");
  await page.getByRole("button", { name: "Aumentar zoom" }).click();
  await expect(page.getByTestId("pdf-zoom")).toHaveText("175%");
  await page.getByRole("button", { name: "Reducir zoom" }).click();
  await page.getByRole("button", { name: "Reducir zoom" }).click();
  await expect(page.getByTestId("pdf-zoom")).toHaveText("125%");
  await shot(page, "student-pdf-toolbar");
});
