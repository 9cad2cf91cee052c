import { expect, test } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { DEMO_USERS, openProfileMenu } from "../support/auth";
import { createFreshStudent, signInAsStudent } from "../support/fresh-student";
import { clickHydrated } from "../support/hydration";
import { createStudentWithLessons } from "../support/student-with-lessons";
import { assignmentFor, bookViaApi, freeSlots, sameOrigin, studentCard } from "../student/booking-support";
import { apiAs, bell, lookAndScan, markAllRead, unreadCount } from "./support";

// Issue 29, in the app: a decision reaches the person it concerns. The bell in the shell counts what is unread, the
// page lists it newest first, and a tap opens its screen and marks it read.

// The wide screen at 1280×800 (the screenshots are looked at).
test.use({ viewport: { width: 1280, height: 800 } });

test("a request the instructor confirms reaches the student's bell; tapping it opens the reservation and the badge clears", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // Six hours: no 'balance below one lesson' notice after booking one.
  const student = await createStudentWithLessons(page, "Noa", { hours: 6 });
  const studentApi = await apiAs(student);
  // The office's top-up told the student already ('Saldo recargado'): read, so the bell counts what comes next.
  await markAllRead(studentApi);
  const assignment = await assignmentFor(studentApi, "B");
  const [slot] = await freeSlots(studentApi, assignment.instructor.id, 1);
  const [reservation] = await bookViaApi(studentApi, assignment, [slot!]);

  const teacher = await apiAs(DEMO_USERS.instructor);
  const confirmed = await teacher.post(`/api/instructor/reservations/${reservation!.id}/confirm`, { headers: sameOrigin(), data: {} });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await signInAsStudent(page, student);
  await expect(bell(page)).toHaveAccessibleName("Notificaciones, 1 sin leer");
  await expect(bell(page).getByTestId("notification-badge")).toHaveText("1");
  const box = (await bell(page).boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);

  await clickHydrated(bell(page));
  await expect(page).toHaveURL(/\/notificaciones$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notificaciones" })).toBeVisible();
  await expect(page.getByText("1 sin leer", { exact: true })).toBeVisible();
  const [newest, older] = [page.getByTestId("notification-item").nth(0), page.getByTestId("notification-item").nth(1)];
  await expect(newest).toContainText("Clase confirmada");
  await expect(newest).toContainText("Carlos");
  // Unread is said in words (and weight), not by colour alone; the top-up read before says nothing of the kind.
  await expect(newest).toContainText("Nueva");
  await expect(newest).toContainText("Ahora");
  await expect(older).toContainText("Saldo recargado");
  await expect(older).not.toContainText("Nueva");
  await lookAndScan(page, testInfo, "notificaciones-desktop");

  await newest.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/student/reservations\\?id=${reservation!.id}$`));
  const card = studentCard(page, reservation!);
  await expect(card).toHaveAttribute("data-status", "confirmed");
  await expect(card).toHaveAttribute("data-linked", "true");
  await expect(card).toBeInViewport();
  await expect(bell(page)).toHaveAccessibleName("Notificaciones");
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  expect(await unreadCount(studentApi)).toBe(0);

  // Read stays read: back on the list, nothing is new.
  await clickHydrated(bell(page));
  await expect(page.getByText("No tienes notificaciones sin leer", { exact: true })).toBeVisible();
  await expect(page.getByTestId("notification-item").filter({ hasText: "Nueva" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Marcar todas como leídas" })).toBeDisabled();
});

test("the list pages with 'Cargar más', 'Marcar todas como leídas' clears the bell, and a newcomer reads 'No tienes notificaciones'", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  // A newcomer has nothing yet.
  const newcomer = await createFreshStudent(page, "Nahia");
  await signInAsStudent(page, newcomer);
  await expect(bell(page)).toHaveAccessibleName("Notificaciones");
  await page.goto("/notificaciones");
  await expect(page.getByText("No tienes notificaciones", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Marcar todas como leídas" })).toBeDisabled();
  await lookAndScan(page, testInfo, "notificaciones-empty");

  // The office tops up another student 52 times: 52 'Saldo recargado', more than one page (50).
  await page.context().clearCookies();
  const student = await createFreshStudent(page, "Olaia");
  for (let i = 0; i < 52; i++) {
    const topUp = await page.request.post(`/api/administrator/balances/students/${student.id}/adjustments`, {
      headers: { origin: baseURL },
      data: { operation: "top-up", amount: 600, reason: `Bono ${i + 1}` },
    });
    expect(topUp.status(), await topUp.text()).toBe(201);
  }
  await signInAsStudent(page, student);
  await expect(bell(page)).toHaveAccessibleName("Notificaciones, 52 sin leer");

  // The profile menu leads there too.
  await openProfileMenu(page);
  await page.getByRole("menuitem", { name: "Notificaciones" }).click();
  await expect(page).toHaveURL(/\/notificaciones$/);
  const items = page.getByTestId("notification-item");
  await expect(items).toHaveCount(50);
  await expect(items.first()).toContainText("Saldo actual: 8h 40m");
  await page.getByRole("button", { name: "Cargar más" }).click();
  await expect(items).toHaveCount(52);
  await expect(items.last()).toContainText("Saldo actual: 10m");
  await expect(page.getByRole("button", { name: "Cargar más" })).toHaveCount(0);

  await page.getByRole("button", { name: "Marcar todas como leídas" }).click();
  await expect(bell(page)).toHaveAccessibleName("Notificaciones");
  await expect(page.getByText("No tienes notificaciones sin leer", { exact: true })).toBeVisible();
  await expect(items.filter({ hasText: "Nueva" })).toHaveCount(0);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName("Notificaciones");
  await expect(items.first()).not.toContainText("Nueva");
});
