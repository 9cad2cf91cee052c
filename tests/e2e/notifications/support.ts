import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, request as playwrightRequest, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { sameOrigin, signInApi } from "../student/booking-support";

// Helpers of the notification journeys (issue 29).

/** The bell (a link), by its accessible name: 'Notificaciones' or 'Notificaciones, N sin leer'. */
export const bell = (page: Page) => page.getByTestId("notification-bell").filter({ visible: true });

/** A request context of its own, signed in through the BFF as `who` (another person acting by the API). */
export async function apiAs(who: { username: string; password: string }): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  await signInApi(api, who);
  return api;
}

export async function unreadCount(api: APIRequestContext): Promise<number> {
  const response = await api.get("/api/notifications/unread-count");
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { count: number }).count;
}

export async function markAllRead(api: APIRequestContext) {
  const response = await api.post("/api/notifications/read", { data: { all: true }, headers: sameOrigin() });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** The demo schools' ids, written by the e2e seed (tests/e2e/support/seed.ts): no API answers them. */
export function tenantIds(): Record<string, string> {
  const file = path.resolve(process.env.E2E_DATA_DIR ?? path.join(".data", "e2e"), "tenant-ids.json");
  return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Screenshots in both themes and axe-core's serious or critical WCAG 2.1 AA findings in each (like the sweep in
 * tests/e2e/platform/accessibility.spec.ts, which also runs the experimental label-in-name rule). `include` scans only
 * that part of the page (a piece of ours on another area's screen).
 */
export async function lookAndScan(page: Page, testInfo: TestInfo, name: string, include?: string) {
  const found: string[] = [];
  for (const dark of [false, true]) {
    await page.evaluate((isDark) => document.documentElement.classList.toggle("dark", isDark), dark);
    await page.evaluate(async () => {
      await document.fonts.ready;
      const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    });
    const size = page.viewportSize();
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size?.width}x${size?.height}-${dark ? "dark" : "light"}.png`), fullPage: true });
    const axe = new AxeBuilder({ page });
    if (include) axe.include(include);
    const results = await axe
      .setLegacyMode(true)
      .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
      .withTags(WCAG_TAGS)
      .analyze();
    found.push(
      ...results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${name} ${dark ? "dark" : "light"}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    );
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  expect(found).toEqual([]);
}

/** Every visible control of `scope` is at least 44×44 px (phone first). */
export async function expectThumbTargets(page: Page, selector: string) {
  for (const control of await page.locator(selector).filter({ visible: true }).all()) {
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute("aria-label")) ?? (await control.innerText()).trim();
    expect(box.height, `'${name}' height`).toBeGreaterThanOrEqual(44);
    expect(box.width, `'${name}' width`).toBeGreaterThanOrEqual(44);
  }
}
