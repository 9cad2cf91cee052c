import { expect, test, type Locator, type Page } from "@playwright/test";
import { dayHeading, dayText } from "@/components/calendar/agenda";
import { addDays, localToUtc } from "@/lib/time/zoned-time";
import { settleAnimations } from "../support/animations";
import { seedCalendarData, type CalendarData } from "../support/calendar-data";
import { signInApi } from "../student/booking-support";

// Issue "Phone first": on a phone both calendars open as an agenda, a list by day from today (school time), with the
// month, week and day a tap away and the colours' key folded into a 'Leyenda' button. The data: a new student of
// Marta's with her next two lessons asked for and a lesson recorded at the desk that ended minutes ago
// (support/calendar-data.ts).

const MADRID = "Europe/Madrid";
const madridDate = (t: string | number) => new Intl.DateTimeFormat("en-CA", { timeZone: MADRID }).format(new Date(t));
const madridClock = (t: string) => new Intl.DateTimeFormat("es-ES", { timeZone: MADRID, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(t));

let data: CalendarData;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }, testInfo) => {
  const { baseURL, locale, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId });
  data = await seedCalendarData(await context.newPage(), "Agenda");
  await context.close();
});

/** The calendar's requests for its events, as `[start, end]`. */
function watchRanges(page: Page, path: string): [string, string][] {
  const ranges: [string, string][] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.method() === "GET" && url.pathname === path) ranges.push([url.searchParams.get("start")!, url.searchParams.get("end")!]);
  });
  return ranges;
}

const midnight = (date: string) => new Date(localToUtc(date, 0, MADRID)).toISOString();

/** The agenda's days, in the order shown, as their dates ('YYYY-MM-DD'). */
async function shownDates(agenda: Locator): Promise<string[]> {
  const ids = await agenda.getByTestId("agenda-day").evaluateAll((days) => days.map((d) => d.getAttribute("aria-labelledby") ?? ""));
  return ids.map((id) => id.replace("agenda-", ""));
}

async function expectTouchTarget(target: Locator, what: string) {
  const box = (await target.boundingBox())!;
  expect(box.height, `${what}: height`).toBeGreaterThanOrEqual(44);
  expect(box.width, `${what}: width`).toBeGreaterThanOrEqual(44);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "the page scrolls sideways").toBeLessThanOrEqual(0);
}

async function screenshots(page: Page, name: string) {
  for (const dark of [false, true]) {
    await page.evaluate(async (isDark) => {
      document.documentElement.classList.toggle("dark", isDark);
      // Colour transitions start on the next frame: the picture waits for them (settleAnimations).
      await new Promise(requestAnimationFrame);
    }, dark);
    await settleAnimations(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${dark ? "dark" : "light"}.png`) });
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

/**
 * Escape closes a dialog; on a busy machine the first press can land while the dialog is still opening (its focus trap
 * not yet in place), so it is pressed again until the dialog has gone.
 */
async function closeWithEscape(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The legend: no line of its own on a phone; its button opens the key and Escape closes it. */
async function checkLegend(page: Page, labels: string[], name: string) {
  const legend = page.getByRole("list", { name: "Leyenda" });
  await expect(legend).toHaveCount(0);
  const button = page.getByRole("button", { name: "Leyenda" });
  await expectTouchTarget(button, "'Leyenda'");
  await button.click();
  await expect(legend).toBeVisible();
  for (const label of labels) await expect(legend.getByText(label, { exact: true })).toBeVisible();
  await screenshots(page, `${name}-legend`);
  await page.keyboard.press("Escape");
  await expect(legend).toHaveCount(0);
}

/** Month, then back to the agenda: the grid draws the events, the agenda comes back as it was. */
async function monthAndBack(page: Page, calendar: Locator, name: string) {
  const agendaDates = await shownDates(page.getByTestId("agenda"));
  await calendar.getByRole("tab", { name: "Mes", exact: true }).click();
  await expect(calendar.getByRole("tab", { name: "Mes", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(calendar.getByRole("heading", { name: /\d{4}/ })).toBeVisible();
  await expect(calendar.locator(".solid-event").first()).toBeVisible();
  await expect(page.getByTestId("agenda")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await screenshots(page, `${name}-month`);
  await calendar.getByRole("tab", { name: "Agenda", exact: true }).click();
  await expect(calendar.getByRole("tab", { name: "Agenda", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("agenda-day").first()).toBeVisible();
  expect(await shownDates(page.getByTestId("agenda"))).toEqual(agendaDates);
}

test("the student's calendar opens on a phone as today's agenda: the practice under 'Hoy', the lessons on their day", async ({ page }) => {
  const today = madridDate(Date.now());
  const asked = watchRanges(page, "/api/student/calendar");
  await signInApi(page.request, data.student);
  // The agenda is in the page as the server sends it: a phone's first paint, before any script runs.
  const html = (await (await page.request.get("/student/calendar")).text()).replaceAll("<!-- -->", "");
  expect(html).toContain('data-testid="agenda"');
  for (const lesson of data.lessons) expect(html).toContain(`${madridClock(lesson.start)} - ${madridClock(lesson.end)}`);
  await page.goto("/student/calendar");
  const calendar = page.getByTestId("student-calendar");
  await expect(calendar.getByRole("tab", { name: "Agenda", exact: true })).toHaveAttribute("aria-selected", "true");
  const agenda = page.getByTestId("agenda");
  const days = agenda.getByTestId("agenda-day");

  // Today first, as people say it, with the lesson recorded at the desk minutes ago. An entry is listed on every day it
  // touches; in the school's first hour after midnight that lesson may be yesterday's alone, not listed: the agenda
  // then opens on the first day that has an entry.
  const lastDay = (slot: { end: string }) => madridDate(new Date(slot.end).getTime() - 1);
  const practiceToday = lastDay(data.practice) >= today;
  const firstDay = [data.practice, ...data.lessons]
    .filter((slot) => lastDay(slot) >= today)
    .map((slot) => (madridDate(slot.start) > today ? madridDate(slot.start) : today))
    .sort()[0]!;
  await expect(days.first().getByRole("heading")).toHaveText(dayHeading(firstDay, today));
  if (practiceToday) {
    await expect(days.first().getByRole("button", { name: /Práctica manual/ })).toContainText(`${madridClock(data.practice.start)} - ${madridClock(data.practice.end)}`);
  } else {
    await expect(agenda.getByRole("button", { name: /Práctica manual/ })).toHaveCount(0);
  }
  // Each lesson asked for under its own day; the days in order, none before today.
  for (const lesson of data.lessons) {
    const day = days.filter({ has: page.getByRole("heading", { name: dayHeading(madridDate(lesson.start), today), exact: true }) });
    await expect(day.getByRole("button").filter({ hasText: `${madridClock(lesson.start)} - ${madridClock(lesson.end)}` })).toContainText("Reserva (Pendiente)");
  }
  const dates = await shownDates(agenda);
  expect(dates).toEqual([...dates].sort());
  expect(dates[0]).toBe(firstDay);
  // The first two weeks, from the school's midnight today, came with the page (its first view): the browser asked for
  // none of them; no FullCalendar on the phone's first view.
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  await expect(page.locator(".week-calendar")).toHaveCount(0);
  await expect(agenda.getByText(`Hasta el ${dayText(addDays(today, 13), today)}`)).toBeVisible();

  for (const tab of ["Agenda", "Mes", "Semana", "Día"]) await expectTouchTarget(calendar.getByRole("tab", { name: tab, exact: true }), `tab ${tab}`);
  await expectTouchTarget(days.first().getByRole("button").first(), "an agenda entry");
  await expectNoSidewaysScroll(page);
  await screenshots(page, "student-agenda");

  // A tap opens what the grid's event opens.
  if (practiceToday) {
    await days.first().getByRole("button", { name: /Práctica manual/ }).click();
    const detail = page.getByRole("dialog", { name: "Detalles de la práctica" });
    await expect(detail).toContainText("Clase acordada en la oficina");
    await closeWithEscape(page, detail);
  }

  await checkLegend(page, ["Pendiente", "Confirmada", "Práctica", "Práctica manual"], "student");
  await monthAndBack(page, calendar, "student");

  // 'Ver más días': the next two weeks, asked for alone.
  const before = asked.length;
  await agenda.getByRole("button", { name: "Ver más días" }).click();
  await expect(agenda.getByText(`Hasta el ${dayText(addDays(today, 27), today)}`)).toBeVisible();
  expect(asked.slice(before)).toEqual([[midnight(addDays(today, 14)), midnight(addDays(today, 28))]]);
});

test("the instructor's calendar opens on a phone as an agenda from today: the new student's lessons on their day", async ({ page }) => {
  const today = madridDate(Date.now());
  const asked = watchRanges(page, "/api/instructor/calendar");
  await signInApi(page.request, "instructor2");
  await page.goto("/instructor/calendar");
  const calendar = page.getByTestId("instructor-calendar");
  await expect(calendar.getByRole("tab", { name: "Agenda", exact: true })).toHaveAttribute("aria-selected", "true");
  const agenda = page.getByTestId("agenda");
  const days = agenda.getByTestId("agenda-day");
  await expect(days.first()).toBeVisible();

  for (const lesson of data.lessons) {
    const day = days.filter({ has: page.getByRole("heading", { name: dayHeading(madridDate(lesson.start), today), exact: true }) });
    const entry = day.getByRole("button").filter({ hasText: `${madridClock(lesson.start)} - ${madridClock(lesson.end)}` });
    await expect(entry).toContainText(data.student.name);
    await expect(entry).toContainText("Pendiente de confirmar");
  }
  const dates = await shownDates(agenda);
  expect(dates).toEqual([...dates].sort());
  expect(dates[0]! >= today, `${dates[0]} is today or later`).toBe(true);
  // Its first two weeks came with the page, as the student's.
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  await expect(page.locator(".week-calendar")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await screenshots(page, "instructor-agenda");

  // A tap opens the lesson's dialog.
  await days.first().getByRole("button").first().click();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Ver mis reservas" })).toBeVisible();
  await closeWithEscape(page, page.getByRole("dialog"));

  await checkLegend(page, ["Disponibilidad", "Pendiente", "Confirmada", "Cancelada, denegada o anulada"], "instructor");
  await monthAndBack(page, calendar, "instructor");
});

test.describe("on a device in another time zone", () => {
  test.use({ timezoneId: "America/New_York" });

  // The agenda the server draws is on the school's clock; the browser draws the same before it picks the view.
  for (const [path, who] of [["/student/calendar", "student"], ["/instructor/calendar", "instructor2"]] as const) {
    test(`${path}'s agenda, drawn by the server, hydrates without an error`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
      page.on("pageerror", (error) => errors.push(error.message));
      await signInApi(page.request, who === "student" ? data.student : who);
      await page.goto(path);
      await expect(page.getByTestId("agenda-day").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(errors).toEqual([]);
    });
  }
});
