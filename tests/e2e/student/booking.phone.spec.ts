import AxeBuilder from "@axe-core/playwright";
import { expect, request as playwrightRequest, test, type Page, type Response, type TestInfo } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { signInApi, getJson, cardDateTime, studentCard } from "./booking-support";
import { DEMO_USERS } from "../support/auth";
import { signInAsStudent } from "../support/fresh-student";
import { createStudentWithLessons } from "../support/student-with-lessons";
import { toastTitled } from "../support/toast";

// Issue "Phone first": on a phone the 'Hora' step is a picker made for a thumb (a strip of days from today, the day's
// free times as large tiles, a jump to the next day with free slots), and the school's minimum notice hides the slots
// that start too soon.

const MADRID = "Europe/Madrid";
const HOUR = 3_600_000;
const madridDate = (t: string | number) => new Intl.DateTimeFormat("en-CA", { timeZone: MADRID }).format(new Date(t));
const madridHour = (t: string | number) => Number(new Intl.DateTimeFormat("en-GB", { timeZone: MADRID, hour: "2-digit", hour12: false }).format(new Date(t)));

type AdminAssignment = { instructor: { id: string; name: string }; license: { id: string; name: string } };

const picker = (page: Page) => page.getByTestId("phone-slot-picker");
const chip = (page: Page, date: string) => page.locator(`[data-testid="day-chip"][data-date="${date}"]`);
const freeTiles = (page: Page) => picker(page).locator('[data-testid="slot-tile"][data-kind="available"]');
const selectedTiles = (page: Page) => picker(page).locator('[data-testid="slot-tile"][data-kind="selected"]');
const chosenDate = async (page: Page) => (await page.locator('[data-testid="day-chip"][aria-pressed="true"]').getAttribute("data-date"))!;

/** Nothing scrolls sideways; every control of the picker and the step's button is at least 44×44 px. */
async function expectThumbLayout(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const controls = picker(page).locator("button:visible").or(page.getByRole("button", { name: "Continuar" })).or(page.getByLabel("Duración de la práctica"));
  for (const control of await controls.all()) {
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute("aria-label")) ?? (await control.innerText()).trim();
    expect(box.height, `'${name}' height`).toBeGreaterThanOrEqual(44);
    expect(box.width, `'${name}' width`).toBeGreaterThanOrEqual(44);
  }
}

/** Screenshots in the light and the dark theme; with `axe`, the serious or critical WCAG 2.1 AA findings in the picker. */
async function screenshots(page: Page, testInfo: TestInfo, name: string, axe = false) {
  const found: string[] = [];
  for (const dark of [false, true]) {
    await page.evaluate((isDark) => document.documentElement.classList.toggle("dark", isDark), dark);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${dark ? "dark" : "light"}.png`) });
    if (!axe) continue;
    const results = await new AxeBuilder({ page })
      .include('[data-testid="phone-slot-picker"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    found.push(...results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${dark ? "dark" : "light"}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  expect(found).toEqual([]);
}

/** The addresses of the scripts the page loads from now until `stop()`. */
function recordScripts(page: Page) {
  const urls = new Set<string>();
  const onResponse = (response: Response) => void (response.request().resourceType() === "script" && urls.add(response.url()));
  page.on("response", onResponse);
  return () => {
    page.off("response", onResponse);
    return [...urls];
  };
}

/** Opens the wizard from 'Mis reservas' and, with several assignments, picks 'Permiso B'. */
async function openTimeStep(page: Page, pickLicense: boolean) {
  await page.getByRole("link", { name: "Reservar prácticas" }).click();
  await expect(page).toHaveURL(/\/student\/reservations\/new$/);
  if (pickLicense) {
    await page.getByRole("radio", { name: /Permiso B\b/ }).click();
    await page.getByRole("button", { name: "Continuar" }).click();
  }
  await expect(picker(page)).toBeVisible();
  await expect(page.getByTestId("week-calendar")).toHaveCount(0);
}

test("a student books two lessons from the phone: the strip starts today, jumps to days with free slots", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // A new student of Carlos (B) with 4 hours, who also has Marta (A2): the wizard asks which first.
  const student = await createStudentWithLessons(page, "Noa", { instructor: "Carlos", license: "B", hours: 4 });
  const assignments = (await (await page.request.get("/api/administrator/assignments")).json()) as AdminAssignment[];
  const a2 = assignments.find((a) => a.instructor.name.startsWith("Marta ") && a.license.name === "A2")!;
  const second = await page.request.post("/api/administrator/assignments", {
    headers: { origin: baseURL },
    data: { studentId: student.id, instructorId: a2.instructor.id, licenseId: a2.license.id },
  });
  expect(second.status(), await second.text()).toBe(201);
  // From the sign-in on (Next prefetches the wizard's route from 'Mis reservas'), no script of FullCalendar: the
  // picker is light, the wide screen's grid is fetched only where it renders.
  const stop = recordScripts(page);
  await signInAsStudent(page, student);
  await openTimeStep(page, true);
  const scripts = stop();
  const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  expect(scripts.length).toBeGreaterThan(3);
  expect(bodies.filter((b) => b.includes("timeGridWeek")).length, "scripts with FullCalendar").toBe(0);

  // Two-hour lessons: 4 hours make two.
  await page.getByLabel("Duración de la práctica").selectOption({ label: "2h" });
  const today = madridDate(Date.now());
  const firstChip = page.getByTestId("day-chip").first();
  await expect(firstChip).toHaveAttribute("data-date", today);
  await expect(firstChip).toContainText("Hoy");
  await expect(firstChip).toHaveAttribute("aria-pressed", "true");
  // The demo instructors work Monday to Friday: a weekend day says so.
  const weekend = page.locator('[data-testid="day-chip"]').filter({ hasText: /^(sáb|dom)/i }).first();
  await expect(weekend).toContainText("Sin huecos");
  await screenshots(page, testInfo, "picker-today");

  // 'Siguiente día con huecos' goes to a later day that has free times.
  await picker(page).getByRole("button", { name: "Siguiente día con huecos" }).click();
  await expect.poll(() => chosenDate(page)).not.toBe(today);
  const day1 = await chosenDate(page);
  await expect(freeTiles(page).first()).toBeVisible();
  await screenshots(page, testInfo, "picker");
  await expectThumbLayout(page);

  // No slot offered inside the school's minimum notice (12 hours by default).
  for (const start of await freeTiles(page).evaluateAll((tiles) => tiles.map((t) => t.getAttribute("data-start")!))) {
    expect(Date.parse(start)).toBeGreaterThanOrEqual(Date.now() + 12 * HOUR - 60_000);
  }

  // Pick the first time: it reads 'Seleccionado' with a check; the next hour (overlapping it) is hidden.
  const first = freeTiles(page).first();
  const firstStart = (await first.getAttribute("data-start"))!;
  await first.click();
  const picked = selectedTiles(page).first();
  await expect(picked).toHaveAttribute("aria-pressed", "true");
  await expect(picked).toContainText("Seleccionado");
  await expect(page.getByTestId("wizard-selected")).toHaveText(/^1 \(2h\)/);
  await expect(picker(page).locator(`[data-kind="available"][data-start="${new Date(Date.parse(firstStart) + HOUR).toISOString()}"]`)).toHaveCount(0);
  await screenshots(page, testInfo, "picker-selected", true);

  // The next day with free slots; its first time too.
  await picker(page).getByRole("button", { name: "Siguiente día con huecos" }).click();
  await expect.poll(() => chosenDate(page)).not.toBe(day1);
  const day2 = await chosenDate(page);
  expect(day2 > day1).toBe(true);
  const secondStart = (await freeTiles(page).first().getAttribute("data-start"))!;
  await freeTiles(page).first().click();
  await expect(page.getByTestId("wizard-selected")).toHaveText(/^2 \(4h\)/);

  // A third one would pass the balance: 'Saldo insuficiente', and the selection stays.
  await freeTiles(page).first().click();
  const shortfall = page.getByRole("dialog", { name: "Saldo insuficiente" });
  await expect(shortfall).toContainText("No puedes seleccionar más horarios porque excederías tu saldo disponible.");
  await shortfall.getByRole("button", { name: "Entendido" }).click();
  await expect(page.getByTestId("wizard-selected")).toHaveText(/^2 /);

  // The selection persists across days: back on the first day, its time is still selected.
  await chip(page, day1).click();
  await expect(selectedTiles(page)).toHaveCount(1);
  await expect(selectedTiles(page).first()).toHaveAttribute("data-start", firstStart);

  // Meanwhile the office registers the student for a driving exam at the second lesson's time.
  const office = await playwrightRequest.newContext({ baseURL });
  await signInApi(office, "admin");
  const headers = { origin: baseURL };
  const created = await office.post("/api/administrator/exams", {
    headers,
    data: { date: secondStart, inscriptionsOpening: new Date().toISOString(), inscriptionsClosing: secondStart, slots: [{ examType: 3, license: student.licenseId, places: 5, visibleLimit: 5 }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const examSlot = ((await created.json()) as { slots: { id: string }[] }).slots[0]!;
  const registered = await office.post(`/api/administrator/exam-slots/${examSlot.id}/registrations`, { headers, data: { studentId: student.id } });
  expect(registered.status(), await registered.text()).toBe(201);
  await office.dispose();

  // Confirming warns of it first; 'Cambiar horarios' goes back to 'Hora' with the selection kept.
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByTestId("summary-slots").locator("li")).toHaveCount(2);
  await page.getByRole("button", { name: "Confirmar reservas" }).click();
  const warning = page.getByRole("dialog", { name: "Coincide con otra actividad tuya" });
  await expect(warning).toContainText("Examen Circulación (permiso B)");
  await expect(warning).toContainText("Tu práctica:");
  await screenshots(page, testInfo, "conflicts");
  await warning.getByRole("button", { name: "Cambiar horarios" }).click();
  await expect(picker(page)).toBeVisible();
  await expect(page.getByTestId("wizard-selected")).toHaveText(/^2 /);
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("button", { name: "Confirmar reservas" }).click();
  await warning.getByRole("button", { name: "Reservar de todos modos" }).click();
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await expect(toastTitled(page, "Reserva solicitada")).toContainText("Se han enviado 2 solicitudes de reserva.");

  const api = await playwrightRequest.newContext({ baseURL });
  await signInApi(api, student);
  const mine = await getJson<{ id: string; start: string }[]>(api, "/api/student/reservations");
  await api.dispose();
  expect(mine.map((r) => r.start).sort()).toEqual([firstStart, secondStart].map((s) => new Date(s).toISOString()).sort());
  for (const r of mine) await expect(studentCard(page, r)).toContainText(cardDateTime(r.start));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("a slot inside the school's minimum notice is not offered on the phone", async ({ page }) => {
  test.setTimeout(120_000);
  // The third weekday from now, at 12:00 in Madrid: the notice ends there, so that day's morning is inside it.
  let target = Date.now();
  for (let weekdays = 0; weekdays < 3; ) {
    target += 24 * HOUR;
    const weekday = new Intl.DateTimeFormat("en-GB", { timeZone: MADRID, weekday: "short" }).format(new Date(target));
    if (weekday !== "Sat" && weekday !== "Sun") weekdays += 1;
  }
  const day = madridDate(target);
  // Madrid is one or two hours ahead of UTC: 12:00 UTC reads 13:00 or 14:00 there.
  const noonUtc = Date.parse(`${day}T12:00:00Z`);
  const noon = noonUtc - (madridHour(noonUtc) - 12) * HOUR;
  const notice = Math.ceil((noon - Date.now()) / HOUR);

  const student = await createStudentWithLessons(page, "Iker", { instructor: "Carlos", license: "B", hours: 2 });
  // The office sets the notice (the administrator's session is still on the page); put back afterwards.
  const put = (hours: string) =>
    page.request.put("/api/administrator/settings", { headers: { origin: baseURL }, data: { booking_min_notice_hours: hours } });
  const before = ((await (await page.request.get("/api/config")).json()) as { booking_min_notice_hours: { value: string } }).booking_min_notice_hours.value;
  expect((await put(String(notice))).status()).toBe(200);
  try {
    await signInAsStudent(page, student);
    await openTimeStep(page, false);
    await chip(page, day).click();
    await expect(freeTiles(page).first()).toBeVisible();
    const starts = await freeTiles(page).evaluateAll((tiles) => tiles.map((t) => Date.parse(t.getAttribute("data-start")!)));
    // 08:00–11:00 are inside the notice; the first time offered is at its end or later.
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(Date.now() + notice * HOUR - 60 * 60_000);
    expect(starts.every((t) => madridHour(t) >= 12)).toBe(true);
    await expect(picker(page).locator('[data-testid="slot-tile"][data-kind="available"]').filter({ hasText: /^08:00/ })).toHaveCount(0);
  } finally {
    await page.context().clearCookies();
    const admin = await playwrightRequest.newContext({ baseURL });
    await signInApi(admin, "admin");
    const restored = await admin.put("/api/administrator/settings", { headers: { origin: baseURL }, data: { booking_min_notice_hours: before } });
    expect(restored.status()).toBe(200);
    await admin.dispose();
  }
});

test("a confirmed lesson inside the cancellation deadline says why it can no longer be cancelled", async ({ page }, testInfo) => {
  // The demo student has a confirmed lesson three weekdays ahead: with a week's deadline, it is inside it.
  const office = await playwrightRequest.newContext({ baseURL });
  await signInApi(office, "admin");
  const setDeadline = (hours: string) =>
    office.put("/api/administrator/settings", { headers: { origin: baseURL }, data: { reservation_cancel_deadline_hours: hours } });
  const before = ((await (await office.get("/api/config")).json()) as { reservation_cancel_deadline_hours: { value: string } }).reservation_cancel_deadline_hours.value;
  expect((await setDeadline("168")).status()).toBe(200);
  try {
    const student = await playwrightRequest.newContext({ baseURL });
    await signInApi(student, "student");
    const list = await getJson<{ id: string; status: string; start: string; canRequestCancellation: boolean; hasCancellationRequest: boolean }[]>(student, "/api/student/reservations");
    await student.dispose();
    const closed = list.find((r) => r.status === "confirmed" && !r.hasCancellationRequest && Date.parse(r.start) > Date.now());
    expect(closed, "a confirmed lesson ahead").toBeDefined();
    expect(closed!.canRequestCancellation).toBe(false);

    await signInAsStudent(page, { ...DEMO_USERS.student, id: "", name: DEMO_USERS.student.name });
    const card = studentCard(page, closed!);
    await expect(card.getByTestId("cancellation-closed")).toHaveText("Ya no se puede cancelar: faltan menos de 168 horas para su inicio.");
    await expect(card.getByRole("button", { name: "Solicitar cancelación" })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await screenshots(page, testInfo, "card-closed");
  } finally {
    expect((await setDeadline(before)).status()).toBe(200);
    await office.dispose();
  }
});
