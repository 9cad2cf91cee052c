import { expect, request as playwrightRequest, test, type Locator, type Page } from "@playwright/test";
import { DEMO_USERS, signIn } from "../support/auth";
import { newPerson } from "../student/booking-support";

// Issue 9: the instructor finishes today's lesson (seeded: confirmed, started, not finished) drawing both signatures
// with the mouse; the student finds it in the practice history and in the calendar, with its km and signatures.

const KM_START = "50000";
const KM_END = "50042";
const OBSERVATIONS = "Buena práctica de rotondas; repasar el estacionamiento en batería.";

/** Draws a zig-zag stroke across a signature canvas with the mouse. */
async function drawSignature(page: Page, canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 12), y + (i % 2 ? -25 : 25), { steps: 4 });
  await page.mouse.up();
}

/** The signature image of a dialog has really loaded (a PNG with pixels). */
async function expectImage(dialog: Locator, name: string) {
  const img = dialog.getByRole("img", { name });
  await expect(img).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

async function expectPracticeDetail(dialog: Locator) {
  await expect(dialog.getByRole("heading", { name: "Detalles de la práctica" })).toBeVisible();
  await expect(dialog).toContainText("Km. Inicio50.000");
  await expect(dialog).toContainText("Km. Fin50.042");
  await expect(dialog).toContainText("Km. Recorridos42");
  await expect(dialog).toContainText("1234 KLM");
  await expect(dialog).toContainText(OBSERVATIONS);
  await expect(dialog).toContainText(DEMO_USERS.instructor.name);
  await expectImage(dialog, "Firma del alumno");
  await expectImage(dialog, "Firma del profesor");
}

test("the lesson waiting to be finished shows its date and its time on lines of their own, on a desktop and a phone", async ({ page }) => {
  await signIn(page, "instructor");
  for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await page.goto("/instructor/practices");
    const card = page.getByTestId("pending-practice").filter({ hasText: DEMO_USERS.student.name });
    await expect(card).toHaveCount(1);
    const date = card.getByTestId("pending-practice-date");
    const time = card.getByTestId("pending-practice-time");
    // 'Miércoles, 25 de noviembre de 2026' alone; '02:30 - 03:30' below it, whole on one line.
    await expect(date).toHaveText(/^[A-ZÁÉÍÓÚ][a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}$/);
    await expect(time).toHaveText(/^\d{2}:\d{2} - \d{2}:\d{2}$/);
    const dateBox = (await date.boundingBox())!;
    const timeBox = (await time.boundingBox())!;
    expect(timeBox.y, `${viewport.width} px: the time below the date`).toBeGreaterThanOrEqual(dateBox.y + dateBox.height - 1);
    const timeLines = await time.locator("span").evaluate((span) => span.getClientRects().length);
    expect(timeLines, `${viewport.width} px: the time on one line`).toBe(1);
    // Nothing spills out of the card sideways.
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`pending-practice-${viewport.width}.png`) });
  }
});

test("the instructor finishes today's lesson with both signatures; the student sees it in the history and the calendar", async ({ page, browser }, testInfo) => {
  // Two people, four screens and a feed: one journey, longer than the default minute on a loaded 2-core machine.
  test.setTimeout(180_000);
  // The instructor: 'Mis reservas' → 'Anteriores' → the lesson of Lucía that has just ended.
  await signIn(page, "instructor");
  await page.getByRole("link", { name: "Mis reservas", exact: true }).click();
  await page.getByRole("tab", { name: /^Anteriores/ }).click();
  const card = page
    .getByTestId("instructor-reservation-card")
    .filter({ hasText: DEMO_USERS.student.name })
    .filter({ has: page.getByRole("button", { name: "Finalizar práctica" }) });
  await expect(card).toHaveCount(1);
  await card.getByRole("button", { name: "Finalizar práctica" }).click();

  const dialog = page.getByRole("dialog", { name: "Finalizar práctica" });
  await expect(dialog).toContainText(DEMO_USERS.student.name);
  // Nothing is sent without the signatures.
  await dialog.getByRole("button", { name: "Finalizar práctica" }).click();
  await expect(dialog.getByText("Falta la firma del alumno")).toBeVisible();
  await expect(dialog.getByText("Falta la firma del profesor")).toBeVisible();

  await dialog.getByLabel("Vehículo").selectOption({ label: "1234 KLM · Seat Ibiza (Permiso B)" });
  await dialog.getByLabel("Km. Inicio").fill(KM_START);
  await dialog.getByLabel("Km. Fin").fill(KM_END);
  await expect(dialog.getByTestId("practice-km-traveled")).toHaveText("Km. Recorridos: 42");
  await dialog.getByLabel("Observaciones (opcional)").fill(OBSERVATIONS);
  await drawSignature(page, dialog.getByTestId("practice-student-signature"));
  await drawSignature(page, dialog.getByTestId("practice-instructor-signature"));
  await dialog.getByRole("button", { name: "Finalizar práctica" }).click();
  await expect(page.getByText("La práctica se ha registrado correctamente.", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0); // finished: the button is gone

  // 'Prácticas finalizadas' lists it; the detail shows km and both signatures.
  await page.getByRole("link", { name: "Prácticas finalizadas", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Prácticas finalizadas", level: 1 })).toBeVisible();
  await expect(page.getByTestId("pending-practice")).toHaveCount(0);
  await page.getByLabel("Alumno").selectOption({ label: DEMO_USERS.student.name });
  const finished = page.getByTestId("practice-card").filter({ hasText: "42 km" });
  await finished.first().click();
  await expectPracticeDetail(page.getByRole("dialog", { name: "Detalles de la práctica" }));
  await page.keyboard.press("Escape");

  // The student: the history, newest month first (the month of the lesson just finished, which began an hour before
  // the demo data was made: the month before today's just after midnight on the 1st).
  const student = await newPerson(browser, testInfo);
  const s = student.page;
  await signIn(s, "student");
  await s.getByRole("link", { name: "Historial de prácticas" }).click();
  await expect(s.getByRole("heading", { name: "Historial de prácticas" })).toBeVisible();
  await expect(s.getByText("Tu historial de prácticas finalizadas")).toBeVisible();
  const historyCard = s.getByTestId("practice-card").filter({ hasText: "42 km" });
  // The card's date ('Lunes, 30 de noviembre de 2026') names the month the page shows first.
  const lessonMonth = /de (\p{L}+ de \d{4})$/u.exec((await historyCard.locator("p").first().innerText()).trim())?.[1];
  expect(lessonMonth).toBeTruthy();
  const thisMonth = lessonMonth!;
  await expect(s.getByTestId("practice-month")).toHaveText(new RegExp(`^${thisMonth}$`, "i"));
  await expect(historyCard).toContainText("Permiso B");
  await expect(historyCard).toContainText("1234 KLM");
  await expect(historyCard).toContainText(DEMO_USERS.instructor.name);
  await historyCard.click();
  const detail = s.getByRole("dialog", { name: "Detalles de la práctica" });
  await expectPracticeDetail(detail);
  await s.screenshot({ path: testInfo.outputPath("history-dialog.png") });
  await s.keyboard.press("Escape");
  // Last month holds the lessons agreed at the desk.
  await s.getByRole("button", { name: "Anterior" }).click();
  await expect(s.getByTestId("practice-month")).not.toHaveText(new RegExp(`^${thisMonth}$`, "i"));
  await expect(s.getByTestId("practice-card").first()).toBeVisible();
  await expect(s.getByRole("button", { name: "Siguiente" })).toBeEnabled();

  // The calendar, month view: the practice opens its detail; the online talk offers its link.
  await s.getByRole("link", { name: "Mi calendario" }).click();
  await expect(s.getByRole("heading", { name: "Mi calendario" })).toBeVisible();
  await expect(s.getByText("Visualiza todos tus eventos y actividades")).toBeVisible();
  const calendar = s.getByTestId("student-calendar");
  // FullCalendar renders the views as tabs.
  for (const view of ["Mes", "Semana", "Día"]) await expect(calendar.getByRole("tab", { name: view, exact: true })).toBeVisible();
  await expect(calendar.getByRole("tab", { name: "Mes", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(calendar.getByRole("button", { name: "Hoy", exact: true })).toHaveText("Hoy");
  const practiceEvent = calendar.locator(".student-event--practice").filter({ hasText: "Práctica" });
  await expect(practiceEvent.first()).toBeVisible();
  await s.screenshot({ path: testInfo.outputPath("calendar-month.png"), fullPage: true });
  await practiceEvent.last().click();
  await expectPracticeDetail(s.getByRole("dialog", { name: "Detalles de la práctica" }));
  await s.keyboard.press("Escape");

  const talk = calendar.locator(".student-event--session").filter({ hasText: "Charla online" });
  await talk.first().click();
  const generic = s.getByRole("dialog", { name: "Charla online: novedades del examen práctico" });
  await expect(generic).toContainText("Sesión");
  await expect(generic).toContainText("ONLINE");
  const join = generic.getByRole("link", { name: "Acceder a la sesión online" });
  await expect(join).toHaveAttribute("href", "https://meet.jit.si/autoescuela-demo-charla");
  await expect(join).toHaveAttribute("target", "_blank");
  await s.keyboard.press("Escape");

  // Week view: today's practice sits in the time grid and opens the same detail.
  await calendar.getByRole("tab", { name: "Semana", exact: true }).click();
  await expect(calendar.locator(".student-event--practice").last()).toBeVisible();
  await s.screenshot({ path: testInfo.outputPath("calendar-week.png"), fullPage: true });
  await calendar.locator(".student-event--practice").last().click();
  await expectPracticeDetail(s.getByRole("dialog", { name: "Detalles de la práctica" }));
  await s.keyboard.press("Escape");

  // A reservation opens the reservation detail: the seeded ones of the next days are at most two weeks ahead (other
  // journeys may have cancelled one of this week's: an active one is picked).
  const reservation = calendar.locator(".student-event--reservation.student-event--requested, .student-event--reservation.student-event--confirmed");
  for (let week = 0; week < 2 && (await reservation.count()) === 0; week++) {
    await calendar.getByRole("button", { name: "Semana siguiente" }).click();
    await expect(s.locator("[aria-busy=true]")).toHaveCount(0);
  }
  await reservation.first().click();
  const reservationDialog = s.getByRole("dialog", { name: "Detalles de la reserva" });
  await expect(reservationDialog.getByTestId("reservation-detail")).toContainText(new RegExp(`${DEMO_USERS.instructor.name}|${DEMO_USERS.instructor2.name}`));
  await expect(reservationDialog.getByTestId("reservation-detail")).toContainText(/Pendiente|Confirmada/);
  await s.keyboard.press("Escape");

  // The iCal subscription: a private URL a calendar app reads without a session.
  await s.getByRole("button", { name: "Suscribirse al calendario" }).click();
  const feedDialog = s.getByRole("dialog", { name: "Suscribirse al calendario" });
  await feedDialog.getByRole("button", { name: "Crear enlace de suscripción" }).click();
  const url = await feedDialog.getByLabel("Enlace de suscripción").inputValue();
  expect(url).toMatch(/\/api\/calendar\/feed\.ics\?token=[A-Za-z0-9_-]{43}$/);
  const app = await playwrightRequest.newContext();
  const ics = await app.get(url);
  expect(ics.status()).toBe(200);
  expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await ics.text()).toContain("SUMMARY:Práctica finalizada (Permiso B)");
  // Shown once (the server keeps a hash of its token): opened again, the dialog tells that a link is live.
  await s.keyboard.press("Escape");
  await s.getByRole("button", { name: "Suscribirse al calendario" }).click();
  await expect(feedDialog.getByText(/Por seguridad, el enlace solo se muestra al crearlo/)).toBeVisible();
  await expect(feedDialog.getByText("Si cambias tu contraseña, este enlace dejará de funcionar y tendrás que suscribirte de nuevo.")).toBeVisible();
  await expect(feedDialog.getByLabel("Enlace de suscripción")).toHaveCount(0);
  await expect(feedDialog.getByRole("button", { name: "Crear nuevo enlace" })).toBeVisible();
  // Switched off, the same URL is gone.
  await feedDialog.getByRole("button", { name: "Desactivar enlace" }).click();
  await s.getByRole("alertdialog", { name: "Desactivar enlace" }).getByRole("button", { name: "Desactivar" }).click();
  await expect(feedDialog.getByRole("button", { name: "Crear enlace de suscripción" })).toBeVisible();
  expect((await app.get(url)).status()).toBe(404);
  await app.dispose();
  await student.context.close();
});
