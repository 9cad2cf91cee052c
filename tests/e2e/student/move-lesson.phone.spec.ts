import { expect, test, type Page } from "@playwright/test";
import { DEMO_USERS, signIn } from "../support/auth";
import { toastTitled } from "../support/toast";
import { assignmentFor, bookViaApi, cardDate, cardTimeRange, freeSlots, newPerson, studentCard } from "./booking-support";

// Issue 31 §5 and §6: on a phone the student moves a lesson to another time with the booking's day picker, choosing a
// longer lesson; the card shows the new time, 'Mi saldo' names the lesson on its movements (the price difference
// included), and the office's activity log says who moved which lesson to when.

const dialog = (page: Page) => page.getByRole("dialog", { name: "Cambiar hora" });
const freeTiles = (page: Page) => dialog(page).locator('[data-testid="slot-tile"][data-kind="available"]');

test("the student moves a lesson to a longer one; the card, 'Mi saldo' and the activity log name the new time", async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000); // three people's pages, one after the other
  await signIn(page, "student");
  const assignment = await assignmentFor(page.request, "B", "Carlos");
  // A free hour followed by two more free hours, so that the lesson's day still offers a two-hour time once it is
  // booked (other journeys fill the instructor's days).
  const free = await freeSlots(page.request, assignment.instructor.id, 40, 72);
  const follows = (a: { end: string }, b?: { start: string }) => !!b && Date.parse(a.end) === Date.parse(b.start);
  const slot = free.find((s, i) => follows(s, free[i + 1]) && follows(free[i + 1]!, free[i + 2]));
  expect(slot, "three free hours in a row").toBeDefined();
  const [lesson] = await bookViaApi(page.request, assignment, [slot!]);

  await page.goto("/student/reservations");
  const card = studentCard(page, lesson!);
  await expect(card).toContainText(cardTimeRange(slot!));
  await card.getByRole("button", { name: "Cambiar hora" }).click();
  await expect(dialog(page)).toContainText(`Hora actual: ${cardDate(slot!.start)}`);
  // A two-hour lesson instead of one: the picker shows the lesson's day with its two-hour free times.
  await dialog(page).getByLabel("Duración de la práctica").selectOption({ label: "2h" });
  const tile = freeTiles(page).first();
  await expect(tile).toBeVisible();
  const start = (await tile.getAttribute("data-start"))!;
  const target = { start, end: new Date(Date.parse(start) + 2 * 3_600_000).toISOString() };
  await tile.click();
  await expect(dialog(page).getByTestId("move-new-time")).toContainText(cardTimeRange(target));
  await expect(dialog(page)).toContainText("Se descontará 1h de tu saldo.");
  await expect(dialog(page)).toContainText("La autoescuela tendrá que confirmar la nueva hora.");
  // Nothing in the dialog scrolls sideways on a phone.
  expect(await dialog(page).evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("move-dialog.png"), fullPage: false });
  await dialog(page).getByRole("button", { name: "Cambiar hora" }).click();
  await expect(toastTitled(page, "Hora cambiada")).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(card).toContainText(cardTimeRange(target));
  await expect(card).toContainText("2h");

  // 'Mi saldo': the booking and the price difference both name the lesson at its new time, and link to it.
  await page.goto("/student/balance/history");
  // This lesson's movements (the demo student's other lessons may fall at the same hours on other days).
  const named = page.locator(`[data-testid="movement-lesson"][href$="?id=${lesson!.id}"]`);
  await expect(named).toHaveCount(2);
  for (const movement of await named.all()) await expect(movement).toContainText(cardTimeRange(target));
  await expect(named.first()).toContainText(`con ${DEMO_USERS.instructor.name}`);
  await expect(page.getByTestId("balance-movement").filter({ hasText: "Cambio de hora" }).first()).toContainText(cardTimeRange(target));
  await page.screenshot({ path: testInfo.outputPath("balance-history.png"), fullPage: false });
  await named.first().click();
  await expect(page).toHaveURL(new RegExp(`/student/reservations\\?id=${lesson!.id}$`));

  // The office's activity log: the move, naming the student, the instructor and both times.
  const office = await newPerson(browser, testInfo);
  await signIn(office.page, "admin");
  await office.page.goto("/administrator/audit");
  const entry = office.page.getByRole("row").filter({ hasText: "Reserva cambiada de hora" }).first();
  await expect(entry).toContainText(DEMO_USERS.student.name);
  await expect(entry).toContainText(DEMO_USERS.instructor.name);
  await office.context.close();
});
