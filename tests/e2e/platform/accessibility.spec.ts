import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { NAV_ITEMS } from "@/components/shell/nav-config";
import type { Area } from "@/lib/session/roles";
import { signIn, type DemoUser } from "../support/auth";

// axe-core over every page of every role, in both themes: WCAG 2.1 A/AA, failing on serious or critical violations.
// Each page state is scanned light, then dark, without reloading.
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);
const THEMES = ["light", "dark"] as const;
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
type Theme = (typeof THEMES)[number];

// A page to scan; its `tabs` are scanned too, each once selected (read-only: the sweep changes no data). `follow`
// names links, one per step, whose targets are scanned next: pages whose ids the seed chose.
type Step = { link: string; tabs?: string[] };
type Visit = { path: string; tabs?: string[]; follow?: Step[] };

// The tabs whose panels hold what the first one does not (past, cancelled and denied items, enrolments).
const TABS: Record<string, string[]> = {
  "/student/reservations": ["Reservas anteriores"],
  "/student/chat": ["Contactos"],
  "/instructor/chat": ["Contactos"],
  "/administrator/chat": ["Contactos"],
  "/instructor/reservations": ["Próximas", "Anteriores"],
  "/instructor/exams": ["Celebradas"],
  "/administrator/exams": ["Celebradas"],
};

// Detail pages, reached from their lists. The running course (seeded with today's and yesterday's sessions) leads
// on to a session.
const FOLLOW: Record<string, Step[]> = {
  "/biometric": [
    { link: 'a[href^="/biometric/courses/"]:has-text("Mercancías")', tabs: ["Alumnos inscritos"] },
    { link: 'a[href*="/sessions/"]' },
  ],
  "/biometric/students": [{ link: 'a[href^="/biometric/students/"]' }],
};

function menuPages(area: Area): Visit[] {
  return NAV_ITEMS[area]
    .filter((item) => !item.isExternalLink)
    .map((item) => ({ path: item.to, tabs: TABS[item.to], follow: FOLLOW[item.to] }));
}

const SIGNED_IN: { who: DemoUser; scope: string; pages: Visit[] }[] = [
  {
    who: "student",
    scope: "every student page",
    pages: [
      ...menuPages("student"),
      { path: "/student/reservations/new" },
      { path: "/student/balance/top-up" },
      { path: "/cambiar-contrasena" },
      { path: "/no-existe" },
    ],
  },
  { who: "instructor", scope: "every instructor page", pages: menuPages("instructor") },
  // The seed gives the second instructor the past denied lesson: the dimmed cards of closed reservations.
  {
    who: "instructor2",
    scope: "a second instructor's past reservations",
    pages: [{ path: "/instructor/reservations", tabs: ["Anteriores"] }],
  },
  {
    who: "admin",
    scope: "every administrator page",
    pages: [...menuPages("administrator"), { path: "/biometric/courses/new" }],
  },
];

const ANONYMOUS: Visit[] = [{ path: "/login" }, { path: "/establecer-contrasena" }, { path: "/no-existe" }];

// Loading placeholders: a page is scanned once its data has replaced them.
const LOADING = '[data-slot="skeleton"], [aria-busy="true"], [role="status"][aria-label="Cargando"]';

async function settle(page: Page) {
  await expect(page.locator("main").first()).toBeVisible();
  // Polling pages may never go quiet for long: the loading placeholders below are the real condition.
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 20_000 });
  await animationsDone(page);
}

// Entry animations (fades, zooms) and colour transitions would make colours read as half-transparent mid-way.
async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

// The theme as the header's toggle switches it: the `dark` class on <html> (the first paint reads localStorage, which
// role-routing.spec.ts covers).
async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
  await animationsDone(page);
}

type Finding = { page: string; id: string; impact: string; help: string; targets: string[] };

// One page state, scanned in both themes: loading and settling a page costs far more than a scan.
async function scan(page: Page, path: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const theme of THEMES) {
    await setTheme(page, theme);
    // Legacy mode runs axe in the page itself: the default also opens a blank page per scan, slow on a busy machine.
    // The dark theme changes colours only: its scan runs the WCAG rules that read colours, not the whole set again.
    const axe = new AxeBuilder({ page }).setLegacyMode(true);
    const results = await (theme === "dark" ? axe.withRules(COLOUR_RULES) : axe.withTags(WCAG_TAGS)).analyze();
    findings.push(
      ...results.violations
        .filter((v) => FAILING_IMPACTS.has(v.impact ?? ""))
        .map((v) => ({
          page: `${path} (${theme} theme)`,
          id: v.id,
          impact: v.impact ?? "",
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(" ")),
        })),
    );
  }
  await setTheme(page, "light");
  return findings;
}

async function scanAll(page: Page, visits: Visit[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  const queue = [...visits];
  for (let visit = queue.shift(); visit; visit = queue.shift()) {
    await page.goto(visit.path);
    await settle(page);
    findings.push(...(await scan(page, visit.path)));
    const [next, ...rest] = visit.follow ?? [];
    const href = next ? await page.locator(next.link).first().getAttribute("href") : null;
    if (next) expect(href, `${visit.path} links to ${next.link}`).toBeTruthy();
    for (const tab of visit.tabs ?? []) {
      await page.getByRole("tab", { name: tab }).click();
      await settle(page);
      findings.push(...(await scan(page, `${visit.path} (${tab})`)));
    }
    if (next && href) queue.unshift({ path: href, tabs: next.tabs, follow: rest });
  }
  return findings;
}

function describe(findings: Finding[]): string {
  return findings
    .map((f) => `${f.page} [${f.impact}] ${f.id}: ${f.help} (${f.targets.length})\n    ${f.targets.join("\n    ")}`)
    .join("\n");
}

// The dark scan runs the colour rules only (COLOUR_RULES): it must still report a fault only the dark theme has.
test("the sweep reports a contrast fault that only the dark theme has", async ({ page }) => {
  await page.goto("/login");
  await settle(page);
  await page.addStyleTag({ content: "html.dark label { color: #333 !important }" });
  const findings = await scan(page, "/login");
  expect(findings.map((f) => `${f.page} ${f.id}`)).toEqual(["/login (dark theme) color-contrast"]);
});

test("anonymous pages: no serious WCAG 2.1 A/AA violations in either theme", async ({ page }) => {
  const findings = await scanAll(page, ANONYMOUS);
  expect(findings, describe(findings)).toEqual([]);
});

for (const { who, scope, pages } of SIGNED_IN) {
  test(`${scope}: no serious WCAG 2.1 A/AA violations in either theme`, async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, who);
    const findings = await scanAll(page, pages);
    expect(findings, describe(findings)).toEqual([]);
  });
}
