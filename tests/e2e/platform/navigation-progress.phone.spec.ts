import { expect, test } from "@playwright/test";
import { signInByApi } from "../support/auth";
import { clickHydrated } from "../support/hydration";

// Issue 28 §7 on a phone: opening the menu is the sign a page will follow, so its pages are fetched then; a tap whose
// page is still on its way shows the bar above the header, and the bar goes when the page arrives.
const TARGET = "/student/exams/results";

test("on a phone the open menu prefetches its pages, and a slow page shows the bar until it arrives", async ({ page }) => {
  await signInByApi(page, "student");
  await page.goto("/student/reservations");
  const fetched = new Set<string>();
  page.on("request", (r) => {
    if (r.headers()["rsc"] === "1" && !r.headers()["next-router-segment-prefetch"]) fetched.add(new URL(r.url()).pathname);
  });
  await page.waitForLoadState("networkidle");
  expect(fetched.has(TARGET)).toBe(false);

  await clickHydrated(page.getByRole("button", { name: "Abrir menú" }));
  await expect.poll(() => fetched.has(TARGET), { timeout: 15_000 }).toBe(true);

  // From here the page answers 1.5 s late: the tap finds its prefetch already there, so try a page not yet fetched.
  const slow = "/student/exams/upcoming";
  await page.route(
    (url) => url.pathname === slow,
    async (route) => {
      if (route.request().headers()["rsc"] === "1") await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    },
  );
  await page.goto("/student/reservations");
  await page.waitForLoadState("networkidle");
  await clickHydrated(page.getByRole("button", { name: "Abrir menú" }));
  await page.locator("#app-sidebar").getByRole("link", { name: "Próximos exámenes", exact: true }).tap();
  const bar = page.getByRole("progressbar", { name: "Cargando la página" });
  await expect(bar).toBeVisible();
  // Above the sticky header, at the very top of the screen.
  const box = (await bar.boundingBox())!;
  expect(box.y).toBe(0);
  expect(box.width).toBe(390);
  await expect(page).toHaveURL(new RegExp(`${slow}$`), { timeout: 15_000 });
  await expect(bar).toHaveCount(0);
});
