import { expect, test } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { norte, signInByApi, sur } from "../support/auth";

for (const [school, origin] of [["Autoescuela Demo", baseURL], ["Autoescuela Norte", norte], ["Autoescuela Sur", sur]] as const) {
  test(`${school} is installable from its own manifest (Chromium's installability check)`, async ({ page }) => {
    await page.goto(`${origin}/login`);
    await expect(page).toHaveTitle(school);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // Playwright's browser contexts are always off the record, which Chromium reports by itself ('in-incognito');
    // every criterion of the app (manifest, icons, start URL, display, service worker) must pass.
    expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
    const { errors } = await cdp.send("Page.getAppManifest");
    expect(errors).toEqual([]);
  });
}

/** The paths of every request the service worker's caches hold. */
const cachedPaths = (page: import("@playwright/test").Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys()) for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

test("the service worker precaches the offline page and its assets at install, and no API answer", async ({ page }) => {
  await page.goto("/login");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const cached = await cachedPaths(page);
  expect(cached).toEqual(expect.arrayContaining(["/offline.html", "/offline.css", "/offline.js"]));
  expect(cached.filter((u) => u.startsWith("/api/"))).toEqual([]);
});

test("offline, a navigation shows the Spanish offline page, which comes back by itself online; no API answer is cached", async ({ page, context }) => {
  await signInByApi(page, "student");
  await page.goto("/student/reservations");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload(); // the page is now controlled by the service worker
  await expect(page.getByRole("heading", { name: "Reservas", exact: true })).toBeVisible();

  await context.setOffline(true);
  await page.goto("/student/balance/history").catch(() => undefined);
  await expect(page.getByRole("heading", { name: "Sin conexión" })).toBeVisible();
  // Its stylesheet came from the cache (the network is off): the retry button wears the app's colour.
  await expect(page.getByRole("button", { name: "Reintentar" })).toHaveCSS("background-color", "rgb(15, 118, 110)");
  // Its script too: when the network returns, the page the student asked for loads by itself.
  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "Mi saldo" })).toBeVisible();

  const cached = await cachedPaths(page);
  expect(cached).toEqual(expect.arrayContaining(["/offline.html", "/offline.css", "/offline.js"]));
  expect(cached.filter((u) => u.startsWith("/api/") || u.startsWith("/student"))).toEqual([]);
});
