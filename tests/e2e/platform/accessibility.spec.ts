import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { NAV_ITEMS } from "@/components/shell/nav-config";
import type { Area } from "@/lib/session/roles";
import { signIn, type DemoUser } from "../support/auth";
import { seedCalendarData } from "../support/calendar-data";
import { signInApi } from "../student/booking-support";

// axe-core over every page of every role, in both themes: WCAG 2.1 A/AA, failing on serious or critical violations.
// Each page state is scanned light, then dark, without reloading, with data drawn: the calendars' events (checked
// before the scan; a calendar test below draws its own), an open conversation's messages in the chats.
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);
const THEMES = ["light", "dark"] as const;
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
// WCAG 2.5.3 (A): a control's name contains its visible text. axe marks the rule experimental and leaves it out of the
// tag run; FullCalendar's 'Hoy' named 'Este mes' failed it.
const EXPERIMENTAL_RULES = { "label-content-name-mismatch": { enabled: true } };
type Theme = (typeof THEMES)[number];

// A page to scan; its `tabs` are scanned too, each once selected (read-only: the sweep changes no data). `follow`
// names links, one per step, whose targets are scanned next: pages whose ids the seed chose.
// `shows` is data the page must have drawn before its scan; `open` a click that draws more (a conversation), scanned
// again once what it `shows` is on screen.
type Step = { link: string; tabs?: string[] };
type Drawn = { shows?: string; open?: { click: string; shows: string; name: string } };
type Visit = { path: string; tabs?: string[]; follow?: Step[]; title?: string } & Drawn;

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
  // A student's page, for the office (with its notes) and for the student's instructor (issue 31 §2).
  "/administrator/students": [{ link: 'a[href^="/administrator/students/"]' }],
  "/instructor/students": [{ link: 'a[href^="/instructor/students/"]' }],
};

// Events drawn in the calendars (the demo school's lessons around today), messages in the chats.
const EVENT = ".solid-event";
const CONVERSATION = { click: 'ul[aria-label="Conversaciones"] button', shows: '[data-testid="chat-message"]', name: "conversación abierta" };
const DRAWN: Record<string, Drawn> = {
  "/student/calendar": { shows: EVENT },
  "/instructor/calendar": { shows: EVENT },
  "/student/chat": { open: CONVERSATION },
  "/instructor/chat": { open: CONVERSATION },
  "/administrator/chat": { open: CONVERSATION },
};

function menuPages(area: Area): Visit[] {
  return NAV_ITEMS[area]
    .filter((item) => !item.isExternalLink)
    .map((item) => ({ path: item.to, tabs: TABS[item.to], follow: FOLLOW[item.to], ...DRAWN[item.to] }));
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
      { path: "/perfil", title: "Mi perfil" },
      { path: "/notificaciones", title: "Notificaciones" },
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

const ANONYMOUS: Visit[] = [
  { path: "/login" },
  { path: "/establecer-contrasena", title: "Establecer contraseña" },
  // Without a token: the page's error state (the journeys in tests/e2e/notifications scan it with one).
  { path: "/baja", title: "Darse de baja de los correos" },
  { path: "/no-existe" },
];

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
    const results = await (theme === "dark" ? axe.withRules(COLOUR_RULES) : axe.options({ rules: EXPERIMENTAL_RULES }).withTags(WCAG_TAGS)).analyze();
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

// A page's title is its level-one heading (WCAG 1.3.1, 2.4.6): a screen reader's heading list starts there. axe's own
// rule is a best practice of moderate impact, below the sweep's bar: `title` names the heading a page must have.
async function untitled(page: Page, visit: Visit): Promise<Finding[]> {
  if (!visit.title || (await page.getByRole("heading", { level: 1, name: visit.title, exact: true }).count()) > 0) return [];
  return [{ page: visit.path, id: "page-has-heading-one", impact: "serious", help: `'${visit.title}' must be a level-one heading`, targets: [] }];
}

async function scanAll(page: Page, visits: Visit[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  const queue = [...visits];
  for (let visit = queue.shift(); visit; visit = queue.shift()) {
    await page.goto(visit.path);
    await settle(page);
    if (visit.shows) await expect(page.locator(visit.shows).first(), `${visit.path}: data drawn`).toBeVisible();
    findings.push(...(await untitled(page, visit)), ...(await scan(page, visit.path)));
    if (visit.open) {
      await page.locator(visit.open.click).first().click();
      await settle(page);
      await expect(page.locator(visit.open.shows).first(), `${visit.path}: ${visit.open.name}`).toBeVisible();
      findings.push(...(await scan(page, `${visit.path} (${visit.open.name})`)));
    }
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

const PHONE = { width: 390, height: 844 };

// Every view of a calendar with events drawn (`withEvents`: the views that must show some), then the phone's first
// view, the agenda, and its folded legend opened.
async function scanCalendar(page: Page, path: string, views: string[], withEvents: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  await page.goto(path);
  await settle(page);
  for (const view of views) {
    await page.getByRole("tab", { name: view, exact: true }).click();
    await settle(page);
    const drawn = view === "Agenda" ? page.getByTestId("agenda-day") : page.locator(`.week-calendar ${EVENT}`);
    if (withEvents.includes(view)) await expect(drawn.first(), `${path} (${view}): events drawn`).toBeVisible();
    findings.push(...(await scan(page, `${path} (${view})`)));
  }
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await settle(page);
  await expect(page.getByTestId("agenda-day").first(), `${path} (teléfono): the agenda's days`).toBeVisible();
  findings.push(...(await scan(page, `${path} (teléfono, Agenda)`)));
  await page.getByRole("button", { name: "Leyenda" }).click();
  await expect(page.getByRole("list", { name: "Leyenda" })).toBeVisible();
  await animationsDone(page);
  findings.push(...(await scan(page, `${path} (teléfono, Leyenda)`)));
  await page.setViewportSize(desktop);
  return findings;
}

// The calendars with this week's own data (support/calendar-data.ts): a new student's practice of today and two lessons
// asked for, in her calendar and in her instructor's, each view and the phone's agenda.
test("the calendars with events drawn, every view and the phone's agenda: no serious WCAG 2.1 A/AA violations in either theme", async ({ page }) => {
  test.setTimeout(240_000);
  const data = await seedCalendarData(page, "Contraste");
  await signInApi(page.request, data.student);
  const findings = await scanCalendar(page, "/student/calendar", ["Mes", "Semana", "Día", "Agenda"], ["Mes", "Semana", "Día", "Agenda"]);
  await page.context().clearCookies();
  await signInApi(page.request, "instructor2");
  findings.push(...(await scanCalendar(page, "/instructor/calendar", ["Semana", "Mes", "Día", "Agenda"], ["Mes", "Agenda"])));
  expect(findings, describe(findings)).toEqual([]);
});
