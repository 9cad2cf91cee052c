import { expect, test } from "@playwright/test";
import { DEMO_USERS, signIn } from "../support/auth";
import {
  assignmentFor,
  balanceSeconds,
  bookViaApi,
  cardDate,
  cardTimeRange,
  freeSlots,
  newPerson,
  studentCard,
} from "../student/booking-support";

test("the instructor confirms a request, the student asks for its cancellation and the instructor accepts", async ({
  page,
  browser,
}, testInfo) => {
  // The student books a slot more than two days ahead (before the cancellation deadline).
  await signIn(page, "student");
  const before = await balanceSeconds(page.request);
  const assignment = await assignmentFor(page.request, "B", "Carlos");
  const [slot] = await freeSlots(page.request, assignment.instructor.id, 1, 72);
  const [reservation] = await bookViaApi(page.request, assignment, [slot]);
  const cost = (Date.parse(slot.end) - Date.parse(slot.start)) / 1000;

  // The instructor confirms it from 'Mis reservas' (pending requests first).
  const teacher = await newPerson(browser, testInfo);
  await signIn(teacher.page, "instructor");
  await teacher.page.getByRole("link", { name: "Mis reservas", exact: true }).click();
  await expect(teacher.page.getByRole("tab", { name: /^Pendientes/ })).toHaveAttribute("data-state", "active");
  const teacherCard = teacher.page
    .getByTestId("instructor-reservation-card")
    .filter({ hasText: DEMO_USERS.student.name })
    .filter({ hasText: cardDate(slot.start) })
    .filter({ hasText: cardTimeRange(slot) });
  await teacherCard.getByRole("button", { name: "Confirmar" }).click();
  await teacher.page.getByRole("dialog", { name: "Confirmar reserva" }).getByRole("button", { name: "Sí, confirmar" }).click();
  await expect(teacher.page.getByText("La reserva se ha confirmado correctamente.", { exact: true })).toBeVisible();
  await expect(teacherCard).toHaveCount(0); // no longer pending

  // The student sees it confirmed and asks for its cancellation with a reason.
  await page.goto("/student/reservations");
  const card = studentCard(page, reservation);
  await expect(card).toContainText("Confirmada");
  await card.getByRole("button", { name: "Solicitar cancelación" }).click();
  const dialog = page.getByRole("dialog", { name: "Solicitar cancelación" });
  const send = dialog.getByRole("button", { name: "Enviar solicitud" });
  await expect(send).toBeDisabled();
  await dialog.getByLabel("Motivo de la cancelación *").fill("   ");
  await expect(send).toBeDisabled();
  await dialog.getByLabel("Motivo de la cancelación *").fill("Tengo una revisión médica ese día");
  await send.click();
  await expect(
    page.getByText("Tu solicitud de cancelación ha sido enviada. La autoescuela la revisará pronto.", { exact: true }),
  ).toBeVisible();
  await expect(card.getByText("Solicitud de cancelación pendiente")).toBeVisible();
  await expect(card.getByRole("button", { name: "Solicitar cancelación" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Cancelar solicitud" })).toHaveCount(0);
  await expect(card).toContainText("Tengo una revisión médica ese día");

  // The instructor accepts the cancellation request.
  await teacher.page.reload();
  const requestCard = teacher.page
    .getByTestId("instructor-reservation-card")
    .filter({ hasText: "Tengo una revisión médica ese día" });
  await expect(requestCard).toContainText("Cancelación solicitada");
  await requestCard.getByRole("button", { name: "Aceptar cancelación" }).click();
  await teacher.page
    .getByRole("dialog", { name: "Aceptar cancelación" })
    .getByRole("button", { name: "Sí, aceptar cancelación" })
    .click();
  await expect(teacher.page.getByText("Cancelación aceptada", { exact: true })).toBeVisible();

  // The student sees it cancelled and the time back in the balance.
  await page.reload();
  await expect(card).toContainText("Cancelada");
  await expect(card.getByText("Solicitud de cancelación pendiente")).toHaveCount(0);
  expect(await balanceSeconds(page.request)).toBe(before);
  expect(cost).toBeGreaterThan(0);
  await teacher.context.close();
});
