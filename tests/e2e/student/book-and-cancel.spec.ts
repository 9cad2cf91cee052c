import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import {
  availableSlots,
  balanceSeconds,
  cardDateTime,
  durationText,
  getJson,
  nextWeekWithSlots,
  openCalendarStep,
  studentCard,
} from "./booking-support";

type Reservation = { id: string; start: string; end: string; status: string; duration: number };

test("a student books two slots, sees them under 'Próximas reservas' and cancels one with a refund", async ({ page }) => {
  await signIn(page, "student");
  const before = await balanceSeconds(page.request);
  const known = new Set((await getJson<Reservation[]>(page.request, "/api/student/reservations")).map((r) => r.id));

  // Step 1 and 2: licence B, next week with free slots, two slots.
  await openCalendarStep(page, "B");
  await nextWeekWithSlots(page);
  await availableSlots(page).first().click();
  await expect(page.getByTestId("wizard-selected")).toHaveText(/^1 /);
  await availableSlots(page).first().click();
  await expect(page.getByTestId("wizard-selected")).toHaveText(/^2 /);
  await page.getByRole("button", { name: "Continuar" }).click();

  // Step 3: the summary, the deadline warning, then the booking.
  await expect(page.getByText("Resumen de la reserva")).toBeVisible();
  await expect(page.getByTestId("summary-slots").locator("li")).toHaveCount(2);
  await expect(page.getByText(/Solo podrás cancelar una reserva hasta \d+ horas antes de su inicio\./)).toBeVisible();
  await page.getByLabel("Mensaje (opcional)").fill("Prefiero empezar por ciudad");
  await page.getByRole("button", { name: "Confirmar reservas" }).click();
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await expect(page.getByText("Reserva solicitada", { exact: true })).toBeVisible();

  const booked = (await getJson<Reservation[]>(page.request, "/api/student/reservations")).filter((r) => !known.has(r.id));
  expect(booked).toHaveLength(2);
  const spent = booked.reduce((sum, r) => sum + r.duration, 0);
  await expect(page.getByRole("tab", { name: /^Próximas reservas \(\d+\)$/ })).toHaveAttribute("data-state", "active");
  for (const r of booked) {
    await expect(studentCard(page, r)).toContainText(cardDateTime(r.start));
    await expect(studentCard(page, r)).toContainText("Pendiente");
    await expect(studentCard(page, r)).toContainText("Carlos");
  }
  expect(await balanceSeconds(page.request)).toBe(before - spent);

  await page.getByRole("link", { name: "Mi saldo" }).click();
  await expect(page.getByTestId("balance-amount")).toHaveText(durationText(before - spent));
  await expect(page.getByTestId("balance-movement").first()).toContainText("Reserva solicitada");

  // Cancel one request: confirmation, toast, status and refund.
  await page.getByRole("link", { name: "Reservas" }).click();
  const card = studentCard(page, booked[0]);
  await card.getByRole("button", { name: "Cancelar solicitud" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Sí, cancelar solicitud" }).click();
  await expect(page.getByText("Tu solicitud de reserva ha sido cancelada correctamente.", { exact: true })).toBeVisible();
  await expect(card).toContainText("Cancelada");
  await expect(card.getByRole("button", { name: "Cancelar solicitud" })).toHaveCount(0);
  expect(await balanceSeconds(page.request)).toBe(before - spent + booked[0].duration);

  await page.getByRole("link", { name: "Mi saldo" }).click();
  await expect(page.getByTestId("balance-amount")).toHaveText(durationText(before - spent + booked[0].duration));
  await expect(page.getByTestId("balance-movement").first()).toContainText("Reserva cancelada");
  await expect(page.getByTestId("balance-movement").first()).toContainText(`+${durationText(booked[0].duration)}`);
});
