import { expect, test, type Page, type Request } from "@playwright/test";
import { NAV_ITEMS } from "@/components/shell/nav-config";
import { signInByApi } from "../support/auth";
import { hydrated } from "../support/hydration";

// Issue 28 §7: a menu click never leaves the old page without a sign. After 150 ms without the new page a bar shows
// at the top and the page is marked busy; it goes when the page arrives. Menu targets are prefetched on intent.
const TARGET = "/student/exams/results";
const menuLink = (page: Page, name: string) => page.locator("#app-sidebar").getByRole("link", { name, exact: true });
const isPageRequest = (request: Request, path: string) => new URL(request.url()).pathname === path && request.headers()["rsc"] === "1";

// Times, in the page's clock, the click, the bar's appearance and departure, and the new page's arrival.
async function recordNavigation(page: Page, path: string) {
  await page.evaluate((target) => {
    const w = window as unknown as { nav: Record<string, number> };
    w.nav = {};
    document.addEventListener("click", (e) => (w.nav.click ??= e.timeStamp), { capture: true, once: true });
    const check = () => {
      const now = performance.now();
      const bar = document.querySelector('[role="progressbar"][aria-label="Cargando la página"]');
      if (bar && !w.nav.shown) w.nav.shown = now;
      if (bar && document.querySelector('main[aria-busy="true"]')) w.nav.busy ??= now;
      if (!bar && w.nav.shown && !w.nav.hidden) w.nav.hidden = now;
      if (location.pathname === target) w.nav.arrived ??= now;
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, path);
  return () => page.evaluate(() => (window as unknown as { nav: Record<string, number> }).nav);
}

test("a menu click whose page is slow shows the progress bar after 150 ms, not before, until the page arrives", async ({ page }) => {
  await signInByApi(page, "student");
  await page.goto("/student/reservations");
  const link = menuLink(page, "Resultados de exámenes");
  await hydrated(link);
  // The target page's answers (its prefetch and its navigation) come 1.5 s late.
  await page.route(
    (url) => url.pathname === TARGET,
    async (route) => {
      if (route.request().headers()["rsc"] === "1") await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    },
  );
  const times = await recordNavigation(page, TARGET);
  await link.click();

  const bar = page.getByRole("progressbar", { name: "Cargando la página" });
  await expect(bar).toBeVisible();
  await expect(page.locator("main")).toHaveAttribute("aria-busy", "true");
  // The old page is still there while the bar shows.
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await expect(page.getByRole("heading", { name: "Resultados de exámenes" })).toBeHidden();

  await expect(page).toHaveURL(new RegExp(`${TARGET}$`), { timeout: 15_000 });
  await expect(bar).toHaveCount(0);
  await expect(page.locator("main")).not.toHaveAttribute("aria-busy", "true");
  const t = await times();
  expect(t.shown - t.click).toBeGreaterThanOrEqual(150);
  // Not long after 150 ms either (a loaded machine's timers run late; the page itself answered 1.5 s late).
  expect(t.shown - t.click).toBeLessThan(1_000);
  expect(t.busy).toBeDefined();
  expect(t.hidden).toBeGreaterThanOrEqual(t.arrived - 50);
});

test("a menu item is prefetched when the pointer reaches it, not merely for being in view", async ({ page }) => {
  // Requests for the menu's other pages (a page's own links, such as 'Reservar prácticas', keep Next's default).
  const menu = new Set(NAV_ITEMS.student.map((item) => item.to).filter((to) => to !== "/student/reservations"));
  const prefetched: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (r.headers()["rsc"] === "1" && menu.has(path)) prefetched.push(path);
  });
  await signInByApi(page, "student");
  await page.goto("/student/reservations");
  const link = menuLink(page, "Resultados de exámenes");
  await hydrated(link);
  await page.waitForLoadState("networkidle");
  // The desktop menu is in view on every page: no page of it was fetched for that alone.
  expect(prefetched).toEqual([]);

  // The page's route tree first, then the page itself (its server render, the payload the click will use).
  const prefetch = page.waitForResponse((r) => isPageRequest(r.request(), TARGET) && !r.request().headers()["next-router-segment-prefetch"]);
  await link.hover();
  await prefetch;
  // The click then needs nothing more from the server for that page.
  const after = prefetched.length;
  await link.click();
  await expect(page.getByRole("heading", { name: "Resultados de exámenes" })).toBeVisible();
  expect(prefetched.slice(after).filter((p) => p === TARGET)).toEqual([]);
});
