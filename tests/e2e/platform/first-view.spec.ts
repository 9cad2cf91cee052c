import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatLessonDay } from "@/lib/format/lesson-time";
import { baseURL } from "../../../playwright.config";
import { signInByApi, type DemoUser } from "../support/auth";
import { createFreshStudent } from "../support/fresh-student";
import { clickHydrated } from "../support/hydration";

// Read-mostly screens arrive with their data in the server's HTML (lib/bff/server-prefetch.tsx, issue 13): no loading
// placeholder in the first paint, and the browser does not ask again for what the server just sent while it is fresh.

/** The page's <main> as the server sent it, before any script ran. */
async function serverMain(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  // React separates adjacent text with empty comments ("24/11/2026<!-- --> · <!-- -->09:00"): read it as text.
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>")).replaceAll("<!-- -->", "");
  expect(main.length).toBeGreaterThan(0);
  return main;
}

const FIRST_VIEWS: { who: DemoUser; path: string; shows: string }[] = [
  { who: "student", path: "/student/reservations", shows: "Próximas reservas" },
  // The school's configuration is part of it: the demo school's card top-up link is there before any script runs.
  { who: "student", path: "/student/balance/history", shows: "Recargar saldo" },
  { who: "student", path: "/student/practices/history", shows: "Historial de prácticas" },
  { who: "student", path: "/student/content", shows: "Ver contenidos" },
  { who: "instructor", path: "/instructor/dashboard", shows: "Clases de hoy" },
  { who: "instructor", path: "/instructor/students", shows: "Mis alumnos" },
  { who: "instructor", path: "/instructor/schedule", shows: "Vista previa de la semana" },
  { who: "instructor", path: "/instructor/practices", shows: "Lucía Martín García" },
  { who: "instructor", path: "/instructor/reservations", shows: "Revisa las solicitudes de tus alumnos" },
  { who: "admin", path: "/administrator/audit", shows: "Registro de actividad" },
  { who: "admin", path: "/biometric", shows: "Cursos CAP" },
  { who: "admin", path: "/biometric/students", shows: "Leonardo Hidalgo Torres" },
  { who: "admin", path: "/biometric/sections", shows: "28-CAP-0042" },
  { who: "admin", path: "/administrator/users", shows: "Carlos Ruiz Pérez" },
  { who: "admin", path: "/administrator/licenses", shows: "Permiso B+E" },
  { who: "admin", path: "/administrator/vehicles", shows: "Seat Ibiza" },
  { who: "admin", path: "/administrator/settings", shows: "Duración mínima de una práctica" },
  { who: "admin", path: "/administrator/content", shows: "Permiso B+E" },
  { who: "admin", path: "/administrator/balances", shows: "Lucía Martín García" },
];

for (const { who, path, shows } of FIRST_VIEWS) {
  test(`${path} arrives drawn, without a loading placeholder`, async ({ page }) => {
    await signInByApi(page, who);
    const main = await serverMain(page.request, path);
    expect(main).toContain(shows);
    expect(main).not.toContain('data-slot="skeleton"');
    expect(main).not.toContain('aria-busy="true"');
  });
}

// The practices' signature images (~12 kB each) are shown only in a practice's dialog: the first view leaves them out
// and the browser reads them as the page mounts, so the dialog shows them.
for (const { who, path } of [
  { who: "student" as const, path: "/student/practices/history" },
  { who: "instructor" as const, path: "/instructor/practices" },
]) {
  test(`${path} arrives without the signature images, and a practice's dialog shows them`, async ({ page }) => {
    await signInByApi(page, who);
    const response = await page.request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="practice-card"');
    expect(html).not.toContain("data:image/png");
    expect(html.length).toBeLessThan(60_000);

    await page.goto(path);
    await clickHydrated(page.getByTestId("practice-card").first());
    const dialog = page.getByRole("dialog", { name: "Detalles de la práctica" });
    const signatures = dialog.getByRole("img", { name: /^Firma del (alumno|profesor)$/ });
    await expect(signatures).toHaveCount(2);
    await expect(signatures.first()).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect(dialog.getByText("Cargando firma…")).toHaveCount(0);
  });
}

// The screens use the device's own typeface (docs/decisions.md, "The system's font"): the login and a signed-in page
// download no font and name the stack of app/globals.css (with Geist, a web font was requested and named first).
test("the login and a signed-in page download no font and are drawn in the device's own typeface", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font" || /\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) fonts.push(request.url());
  });
  for (const path of ["/login", "/student/reservations"]) {
    if (path !== "/login") await signInByApi(page, "student");
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family, path).toMatch(/^-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto/);
  }
  expect(fonts).toEqual([]);
});

type Reservation = { id: string; start: string };

async function reservations(page: Page): Promise<Reservation[]> {
  const response = await page.request.get("/api/student/reservations");
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as Reservation[];
}

/** The cards of the tab the server drew open (upcoming reservations), as reservation ids. */
const drawnCards = (main: string) => [...main.matchAll(/data-reservation-id="([^"]+)"/g)].map((m) => m[1]!);

/** A lesson's start as the cards write it on a zone's clock: 'mar 1 dic · 12:00' (or 'Hoy · 12:00', 'Mañana · …'). */
const clock = (iso: string, timeZone: string) => {
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
  return `${formatLessonDay(iso, Date.now(), timeZone)} · ${time}`;
};

test("the reservations the server drew are the API's, and the browser does not fetch them or the school's rules again", async ({ page }) => {
  await signInByApi(page, "student");
  const list = await reservations(page);
  const main = await serverMain(page.request, "/student/reservations");
  const drawn = drawnCards(main);
  expect(drawn.length, "the demo student has upcoming reservations").toBeGreaterThan(0);
  for (const id of drawn) {
    const reservation = list.find((r) => r.id === id);
    expect(reservation, `card ${id} is one of the API's reservations`).toBeDefined();
    expect(main).toContain(clock(reservation!.start, "Europe/Madrid"));
  }

  const asked: string[] = [];
  page.on("request", (request) => {
    // /config too: the cards' cancellation note comes with the first view (no second drawing of every card).
    if (request.method() === "GET" && ["/api/student/reservations", "/api/config"].includes(new URL(request.url()).pathname)) asked.push(request.url());
  });
  await page.goto("/student/reservations");
  await expect(page.getByTestId("reservation-card")).toHaveCount(drawn.length);
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
});

// What the shell shows on every page but no one waits for is read after the page's load and an idle moment
// (components/shell/after-load.ts; its timing is unit-tested there): it must still arrive on its own, without a gesture.
// The student is new and the school writes to them first: the demo students' chats are read by other journeys that run
// at the same time, so their unread count is not this test's to rely on.
test("the shell shows the username under the avatar and the chat's unread badge without any gesture", async ({ page }) => {
  const student = await createFreshStudent(page, "Insignia");
  const headers = { origin: baseURL };
  const opened = await page.request.post("/api/messaging/conversations", { headers, data: { partnerId: student.id } });
  expect(opened.status(), await opened.text()).toBe(201);
  const { id } = (await opened.json()) as { id: string };
  for (const body of ["Bienvenida a la autoescuela", "Tu primera clase está por confirmar"]) {
    const sent = await page.request.post(`/api/messaging/conversations/${id}/messages`, { headers, data: { body } });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await page.context().clearCookies();
  const login = await page.request.post("/api/login", { data: { username: student.username, password: student.password } });
  expect(login.ok()).toBeTruthy();

  await page.goto("/student/reservations");
  await expect(page.getByText("Próximas reservas").first()).toBeVisible();
  const sidebar = page.locator("#app-sidebar");
  await expect(sidebar.getByText(student.username, { exact: true })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: /^Chat/ })).toContainText("2");
});

test("the library arrives with the page and the browser does not read it again", async ({ page }) => {
  await signInByApi(page, "student");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === "/api/student/content") asked.push(request.url());
  });
  await page.goto("/student/content");
  await expect(page.getByRole("button", { name: "Ver contenidos" }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  await expect(page.getByText("Cargando contenido...")).toHaveCount(0);
});

/** Console errors and uncaught errors of the page (a hydration mismatch is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("on a device in another time zone", () => {
  test.use({ timezoneId: "America/New_York" });

  // Any date a first view writes must go through useDateFormat, or the server's and the browser's text differ here.
  for (const { who, path, shows } of FIRST_VIEWS) {
    test(`${path} hydrates without an error`, async ({ page }) => {
      const errors = collectErrors(page);
      await signInByApi(page, who);
      await page.goto(path);
      await expect(page.getByText(shows).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(errors).toEqual([]);
    });
  }

  test("the server writes the school's clock and the page then shows the device's, without a hydration error", async ({ page }) => {
    const errors = collectErrors(page);
    await signInByApi(page, "student");
    const list = await reservations(page);
    const main = await serverMain(page.request, "/student/reservations");
    const [id] = drawnCards(main);
    const reservation = list.find((r) => r.id === id)!;
    const school = clock(reservation.start, "Europe/Madrid");
    const device = clock(reservation.start, "America/New_York");
    expect(device).not.toBe(school);
    expect(main).toContain(school);

    await page.goto("/student/reservations");
    await expect(page.locator(`[data-reservation-id="${id}"]`)).toContainText(device);
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
});
