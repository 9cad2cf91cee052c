import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { signInAt } from "../support/auth";
import { createFreshStudent, signInAsStudent } from "../support/fresh-student";
import { clickHydrated } from "../support/hydration";
import { toastTitled } from "../support/toast";
import {
  assignmentFor,
  balanceSeconds,
  bookViaApi,
  cardTimeRange,
  durationText,
  freeSlots,
  sameOrigin,
  signInApi,
  studentCard,
} from "../student/booking-support";

// Issue "Phone first", "Safeguards of a real school day": an instructor marks a day off over lessons already booked.
// 'Mi horario' lists them and offers to annul them; each student then reads 'Anulada por la autoescuela' with the
// reason on the card and gets the time back in 'Mi saldo'. The journey makes its own instructor and student through
// the office's API (no other journey books with them), and removes the day off at the end.

const MADRID = "Europe/Madrid";
const madridDate = (t: string) => new Intl.DateTimeFormat("en-CA", { timeZone: MADRID }).format(new Date(t));
const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/** A new instructor of the demo school who teaches licence B, with a password, made by the office (admin session). */
async function createInstructor(page: Page) {
  const number = (Date.now() + 7) % 100_000_000;
  const dni = `${String(number).padStart(8, "0")}${DNI_LETTERS[number % 23]}`;
  const credentials = { username: `e2e.profe.${number}`, password: "Dia-libre-2026" };
  const created = await page.request.post("/api/administrator/users", {
    headers: sameOrigin(),
    data: { firstName: "Elena", surname1: "Festivo", dni, ...credentials, kind: "instructor", access: "password" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string; name: string } };
  const licenses = (await (await page.request.get("/api/administrator/licenses")).json()) as { id: string; name: string }[];
  const b = licenses.find((l) => l.name === "B")!;
  const teaches = await page.request.put(`/api/administrator/instructors/${user.id}/licenses`, { headers: sameOrigin(), data: { licenseIds: [b.id] } });
  expect(teaches.status(), await teaches.text()).toBe(200);
  return { ...user, ...credentials, licenseId: b.id };
}

/** Waits for running transitions (the sidebar sliding away after a resize) before a screenshot. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));

async function post(api: APIRequestContext, path: string, data: unknown = {}) {
  return api.post(path, { data, headers: sameOrigin() });
}

test("a day off over booked lessons: the instructor annuls them from 'Mi horario'; the student reads why and has the time back", async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  // The office signs up the student and the instructor, assigns them and sells the student four hours.
  const student = await createFreshStudent(page, "Nerea");
  const instructor = await createInstructor(page);
  expect((await post(page.request, "/api/administrator/assignments", { studentId: student.id, instructorId: instructor.id, licenseId: instructor.licenseId })).status()).toBe(201);
  expect(
    (await post(page.request, `/api/administrator/balances/students/${student.id}/adjustments`, { operation: "top-up", amount: 4 * 3600, reason: "Bono" })).status(),
  ).toBe(201);

  // The instructor opens every day 08:00–20:00; the student books two lessons of one day at least three days ahead.
  const teacherApi = await playwright.request.newContext({ baseURL });
  const studentApi = await playwright.request.newContext({ baseURL });
  await signInApi(teacherApi, instructor);
  await signInApi(studentApi, student);
  const rules = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "08:00", end: "20:00" }));
  expect((await teacherApi.put("/api/instructor/availability/rules", { data: { rules }, headers: sameOrigin() })).status()).toBe(200);
  const assignment = await assignmentFor(studentApi, "B", "Elena");
  const before = await balanceSeconds(studentApi);
  const free = await freeSlots(studentApi, instructor.id, 14, 72);
  const day = free.map((s) => madridDate(s.start)).find((d, _, all) => all.filter((x) => x === d).length >= 2)!;
  const slots = free.filter((s) => madridDate(s.start) === day).slice(0, 2);
  expect(slots, "two free lessons on one day").toHaveLength(2);
  const [toConfirm, toLeaveRequested] = await bookViaApi(studentApi, assignment, slots);
  expect((await post(teacherApi, `/api/instructor/reservations/${toConfirm!.id}/confirm`)).status()).toBe(200);
  const spent = before - (await balanceSeconds(studentApi));
  expect(spent).toBeGreaterThan(0);

  try {
    // 'Mi horario': that day off, the whole day. The lessons stop it, listed, until the instructor annuls them.
    await page.context().clearCookies();
    await signInAt(page, "", instructor.username, instructor.password, /\/instructor\/dashboard$/);
    await page.goto("/instructor/schedule");
    await page.getByLabel("Fecha").fill(day);
    await clickHydrated(page.getByRole("button", { name: "Añadir excepción" }));
    const dialog = page.getByRole("alertdialog", { name: "Tienes 2 reservas en ese horario" });
    await expect(dialog).toBeVisible();
    const listed = dialog.getByTestId("day-off-reservations").getByRole("listitem");
    await expect(listed).toHaveCount(2);
    for (const slot of slots) await expect(listed.filter({ hasText: cardTimeRange(slot) })).toContainText(student.name);
    await expect(listed.filter({ hasText: "Confirmada" })).toHaveCount(1);
    await expect(listed.filter({ hasText: "Pendiente" })).toHaveCount(1);
    await expect(page.getByText("No tienes excepciones próximas")).toBeVisible(); // nothing saved yet

    // The same dialog on a phone, light and dark: nothing scrolls sideways, the buttons are thumb-sized.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((isDark) => document.documentElement.classList.toggle("dark", isDark), theme === "dark");
      await settled(page);
      await page.screenshot({ path: testInfo.outputPath(`day-off-dialog-${theme}.png`) });
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      for (const name of ["Volver", "Anular reservas y guardar"]) {
        const box = (await dialog.getByRole("button", { name }).boundingBox())!;
        expect(box.height, `${name} is at least 44 px tall`).toBeGreaterThanOrEqual(44);
      }
    }
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await page.setViewportSize({ width: 1440, height: 900 });

    await dialog.getByRole("button", { name: "Anular reservas y guardar" }).click();
    await expect(toastTitled(page, "Excepción añadida")).toContainText("Se han anulado 2 reservas y se ha devuelto su importe a los alumnos.");
    await expect(dialog).toHaveCount(0);
    const row = page.getByTestId("override-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Día libre");
    await expect(row).toContainText("Todo el día");

    // The student, on a phone: both lessons annulled by the school, with the reason, nothing left ahead, the time back.
    const { locale, timezoneId } = testInfo.project.use;
    const context = await browser.newContext({ baseURL, locale, timezoneId, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const learner = { context, page: await context.newPage() };
    await signInAsStudent(learner.page, student);
    await expect(learner.page.getByRole("tab", { name: "Próximas reservas (0)" })).toBeVisible();
    for (const r of [toConfirm!, toLeaveRequested!]) {
      const card = studentCard(learner.page, r);
      await expect(card).toContainText("Anulada");
      await expect(card.getByTestId("annulled-notice")).toHaveText("Anulada por la autoescuela. El importe se ha devuelto a tu saldo.");
      await expect(card).toContainText("Día no disponible del profesor");
      await expect(card.getByRole("button")).toHaveCount(0);
    }
    for (const theme of ["light", "dark"] as const) {
      await learner.page.evaluate((isDark) => document.documentElement.classList.toggle("dark", isDark), theme === "dark");
      await settled(learner.page);
      await learner.page.screenshot({ path: testInfo.outputPath(`day-off-student-${theme}.png`), fullPage: true });
      expect(await learner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await learner.page.evaluate(() => document.documentElement.classList.remove("dark"));

    await learner.page.goto("/student/balance/history");
    await expect(learner.page.getByTestId("balance-amount")).toHaveText(durationText(before));
    await expect(learner.page.getByTestId("balance-movement").filter({ hasText: "Reserva anulada" })).toHaveCount(2);
    await learner.context.close();
  } finally {
    // The lessons give their time back and the day off goes, wherever the journey stopped (a step that does not fit
    // the lesson's state is refused and changes nothing).
    await post(studentApi, `/api/student/reservations/${toLeaveRequested!.id}/cancel`);
    await post(teacherApi, `/api/instructor/reservations/${toConfirm!.id}/annul`);
    const { overrides } = (await (await teacherApi.get("/api/instructor/availability")).json()) as { overrides: { id: string }[] };
    for (const o of overrides) await teacherApi.delete(`/api/instructor/availability/overrides/${o.id}`, { headers: sameOrigin() });
    await teacherApi.dispose();
    await studentApi.dispose();
  }
});
