import { expect, test, type Page } from "@playwright/test";
import { NAV_ITEMS } from "@/components/shell/nav-config";
import type { Area } from "@/lib/session/roles";
import { signIn, type DemoUser } from "../support/auth";

// `npm run bench:bundle` (not part of `npm test`, see playwright.config.ts): first-load JavaScript per page (issue 13),
// the compressed bytes of every script the browser fetched before the page's `load` event, with the HTTP cache and
// the service worker off (a first visit). Budget: 150 kB, or 250 kB on a page that shows a calendar (FullCalendar).
// Every menu page of every role is measured; the figures are printed and attached, and a page over budget fails.
const KB = 1000;
const BUDGET = 150 * KB;
const CALENDAR_BUDGET = 250 * KB;
const CALENDAR_PAGES = new Set(["/student/reservations/new", "/student/calendar", "/instructor/calendar", "/instructor/schedule"]);

type Measure = { path: string; bytes: number; budget: number };

// The PWA's service worker would serve later pages from its own fetches, whose sizes the browser reports uncompressed.
test.use({ serviceWorkers: "block" });

async function firstLoadScriptBytes(page: Page, path: string): Promise<number> {
  await page.goto(path, { waitUntil: "load" });
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const loadEnd = navigation?.loadEventStart ?? performance.now();
    return (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.endsWith(".js") && e.responseEnd <= loadEnd)
      .reduce((sum, e) => sum + e.encodedBodySize, 0);
  });
}

function menuPaths(area: Area): string[] {
  return NAV_ITEMS[area].filter((item) => !item.isExternalLink).map((item) => item.to);
}

const ROLES: { who: DemoUser | null; paths: string[] }[] = [
  { who: null, paths: ["/login"] },
  { who: "student", paths: [...menuPaths("student"), "/student/reservations/new", "/student/balance/top-up"] },
  { who: "instructor", paths: menuPaths("instructor") },
  { who: "admin", paths: menuPaths("administrator") },
];

for (const { who, paths } of ROLES) {
  test(`first-load JavaScript within budget: ${who ?? "signed out"}`, async ({ page }, testInfo) => {
    test.setTimeout(30_000 + paths.length * 10_000);
    if (who) await signIn(page, who);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const measures: Measure[] = [];
    for (const path of paths) {
      const bytes = await firstLoadScriptBytes(page, path);
      measures.push({ path, bytes, budget: CALENDAR_PAGES.has(path) ? CALENDAR_BUDGET : BUDGET });
    }
    const report = measures.map((m) => `${(m.bytes / KB).toFixed(0).padStart(4)} kB / ${m.budget / KB} kB  ${m.path}`).join("\n");
    console.log(`First-load JavaScript (gzip), ${who ?? "signed out"}:\n${report}`);
    await testInfo.attach("first-load-js.txt", { body: report, contentType: "text/plain" });
    for (const m of measures) expect(m.bytes, `${m.path}: ${(m.bytes / KB).toFixed(0)} kB`).toBeGreaterThan(0);
    expect(measures.filter((m) => m.bytes > m.budget).map((m) => `${m.path} ${(m.bytes / KB).toFixed(0)} kB`)).toEqual([]);
  });
}
