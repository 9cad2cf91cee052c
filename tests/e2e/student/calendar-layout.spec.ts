import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn } from "../support/auth";
import { availableSlots, nextWeekWithSlots, openCalendarStep } from "./booking-support";

// The calendars' layout as a person sees it: on a phone the toolbar (title, navigation, views) fits the screen
// without sideways scrolling, the week opens with its 07:00 label whole, and the booking calendar's labels are
// shown in full (docs/decisions/reservations-ui.md, practices.md).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
// The booking calendar's labels (server and wizard, docs/decisions/reservations-ui.md), exactly.
const BOOKING_LABELS = ["Disponible", "Seleccionado", "Reserva pendiente", "Reserva confirmada", "Práctica", "No disponible"];
// The toolbar's navigation: 'Hoy' is named for the view ('Este mes', 'Esta semana', 'Hoy'), so are the arrows.
const TODAY = /^(Hoy|Este mes|Esta semana)$/;
const PREVIOUS = / (anterior|antes)$/;
const NEXT = / siguiente$/;

/** The element is wholly inside the window, sideways included. */
async function expectWhollyOnScreen(page: Page, target: Locator, what: string) {
  await expect(target, what).toBeVisible();
  const box = (await target.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${what}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge on screen`).toBeLessThanOrEqual(width);
}

/** Neither the page nor the calendar's card scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, calendar: Locator) {
  const card = calendar.locator("xpath=..");
  expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth), "the calendar's card scrolls sideways").toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "the page scrolls sideways").toBeLessThanOrEqual(0);
}

/** The 'HH:00' label of the time axis lies wholly inside the grid's scrolled area. */
async function expectHourLabelWhole(calendar: Locator, hour: string) {
  const label = calendar.getByText(hour, { exact: true }).first();
  await expect(label).toBeVisible();
  const clip = await label.evaluate((el) => {
    let scroller = el.parentElement;
    while (scroller && !(/(auto|scroll)/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) {
      scroller = scroller.parentElement;
    }
    const box = el.getBoundingClientRect();
    const view = scroller!.getBoundingClientRect();
    return { above: view.top - box.top, below: box.bottom - view.bottom };
  });
  expect(clip.above, `${hour}: cut at the top`).toBeLessThanOrEqual(0);
  expect(clip.below, `${hour}: cut at the bottom`).toBeLessThanOrEqual(0);
}

test("a student's calendar on a phone: title, navigation and views on screen in every view; the week opens with 07:00 whole", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, "student");
  await page.goto("/student/calendar");
  const calendar = page.getByTestId("student-calendar");
  // A phone opens on the agenda (tests/e2e/practices/agenda.phone.spec.ts); the grid's views are a tap away.
  await expect(calendar.getByRole("tab", { name: "Agenda", exact: true })).toHaveAttribute("aria-selected", "true");

  for (const view of ["Mes", "Semana", "Día"]) {
    // A plain click: the tab is not hidden under anything or off to the side.
    await calendar.getByRole("tab", { name: view, exact: true }).click();
    await expect(calendar.getByRole("tab", { name: view, exact: true })).toHaveAttribute("aria-selected", "true");
    await expectWhollyOnScreen(page, calendar.getByRole("heading", { name: /\d{4}/ }), `${view}: the title`);
    for (const tab of ["Mes", "Semana", "Día"]) await expectWhollyOnScreen(page, calendar.getByRole("tab", { name: tab, exact: true }), `${view}: tab ${tab}`);
    for (const name of [PREVIOUS, NEXT, TODAY]) await expectWhollyOnScreen(page, calendar.getByRole("button", { name }), `${view}: ${name}`);
    await expectNoSidewaysScroll(page, calendar);
    await page.screenshot({ path: test.info().outputPath(`student-calendar-phone-${view}.png`) });
  }
  // The day view (selected last) and the week view open at 07:00 with its label whole.
  await expectHourLabelWhole(calendar, "07:00");
  await calendar.getByRole("tab", { name: "Semana", exact: true }).click();
  await expectHourLabelWhole(calendar, "07:00");
});

test("a student's week view on a desktop opens with the 07:00 label whole", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "student");
  await page.goto("/student/calendar");
  const calendar = page.getByTestId("student-calendar");
  await calendar.getByRole("tab", { name: "Semana", exact: true }).click();
  await expectHourLabelWhole(calendar, "07:00");
  await calendar.getByRole("tab", { name: "Día", exact: true }).click();
  await expectHourLabelWhole(calendar, "07:00");
  await page.screenshot({ path: test.info().outputPath("student-calendar-week-desktop.png") });
});

// The booking wizard's week grid is for wide screens only: on a phone its 'Hora' step is the day picker
// (tests/e2e/student/booking.phone.spec.ts).
test("the instructor's week calendar on a phone: title and navigation on screen, no sideways page", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, "instructor");
  await page.goto("/instructor/calendar");
  const calendar = page.getByTestId("instructor-calendar");
  await calendar.getByRole("tab", { name: "Semana", exact: true }).click();
  await expectWhollyOnScreen(page, calendar.getByRole("heading", { name: /\d{4}/ }), "instructor: the title");
  for (const name of [PREVIOUS, NEXT, TODAY]) await expectWhollyOnScreen(page, calendar.getByRole("button", { name }), `instructor: ${name}`);
  await expectNoSidewaysScroll(page, calendar);
  await page.screenshot({ path: test.info().outputPath("instructor-calendar-phone.png") });
});

test("the booking wizard's calendar on a desktop shows every label whole: 'Seleccionado', 'No disponible', 'Reserva confirmada'", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "student");
  await openCalendarStep(page, "B");
  await nextWeekWithSlots(page);
  await availableSlots(page).first().click();
  await expect(page.getByTestId("wizard-selected")).toHaveText(/^1 /);

  const seen = new Set<string>();
  // This week and the next two: the seed's lessons of other students and of alumno lie there.
  for (let week = 0; week < 3; week++) {
    if (week > 0) {
      await page.getByRole("button", { name: /siguiente/i }).click();
      await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    }
    const titles = page.getByTestId("week-calendar").locator(".booking-event .week-calendar-event-title");
    await expect(titles.first()).toBeVisible();
    // The label and the time above it: neither cut inside its own box, nor hanging out of the event's coloured box.
    const labels = await titles.evaluateAll((els) =>
      els.map((el) => {
        const event = el.closest(".booking-event")!.getBoundingClientRect();
        const time = el.previousElementSibling;
        const box = el.getBoundingClientRect();
        return {
          text: el.textContent ?? "",
          cutSideways: el.scrollWidth - el.clientWidth,
          cutVertically: el.scrollHeight - el.clientHeight,
          timeCut: time ? Math.max(time.scrollWidth - time.clientWidth, time.scrollHeight - time.clientHeight) : 0,
          outBelow: box.bottom - event.bottom,
          outRight: box.right - event.right,
        };
      }),
    );
    for (const label of labels) {
      expect(BOOKING_LABELS, `an unknown label '${label.text}'`).toContain(label.text);
      expect(label.cutSideways, `'${label.text}' cut sideways`).toBeLessThanOrEqual(0);
      expect(label.cutVertically, `'${label.text}' cut at the top or bottom`).toBeLessThanOrEqual(0);
      expect(label.timeCut, `the time of '${label.text}' cut`).toBeLessThanOrEqual(0);
      expect(label.outBelow, `'${label.text}' below the event's box`).toBeLessThanOrEqual(0.5);
      expect(label.outRight, `'${label.text}' past the event's edge`).toBeLessThanOrEqual(0.5);
      seen.add(label.text);
    }
    if (week === 0) await page.screenshot({ path: test.info().outputPath("wizard-desktop-labels.png") });
  }
  expect(seen).toContain("Seleccionado");
  expect(seen).toContain("Disponible");
  expect([...seen].some((t) => t === "No disponible" || t === "Reserva confirmada" || t === "Reserva pendiente"), [...seen].join(", ")).toBe(true);
});

test("the instructor's week calendar does not jump once it is on screen (layout shift under 0.05)", async ({ page }) => {
  await page.setViewportSize(PHONE);
  // Every layout shift not caused by the user, from the first byte on (the measure behind Lighthouse's CLS).
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await signIn(page, "instructor");
  await page.goto("/instructor/calendar");
  // A phone opens on the agenda; the week follows a tap (shifts within 0.5 s of it count as the user's own).
  await expect(page.getByTestId("agenda")).toBeVisible();
  await page.waitForTimeout(1_000);
  await page.getByRole("tab", { name: "Semana", exact: true }).click();
  await expect(page.getByTestId("instructor-calendar").locator(".week-calendar")).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.05);
});
