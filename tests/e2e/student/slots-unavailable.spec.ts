import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { availableSlots, nextWeekWithSlots, openCalendarStep, sameOrigin, SECOND_STUDENT, signInApi, type Slot } from "./booking-support";

type Body = { instructorId: string; licenseId: string; slots: Slot[] };

test("a slot taken by someone else first is reported, deselected, and the rest can still be booked", async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page, "student");
  await openCalendarStep(page, "B");
  await nextWeekWithSlots(page);
  await availableSlots(page).first().click();
  await availableSlots(page).first().click();
  await expect(page.getByTestId("wizard-selected")).toHaveText(/^2 /);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByTestId("summary-slots").locator("li")).toHaveCount(2);

  // Just before the wizard's request reaches the server, the first slot is booked through the API.
  const other = await playwright.request.newContext({ baseURL });
  await signInApi(other, SECOND_STUDENT);
  let taken: Slot | null = null;
  let idempotencyKeys: string[] = [];
  await page.route("**/api/student/reservations", async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.continue();
    idempotencyKeys.push(request.headers()["idempotency-key"] ?? "");
    const body = request.postDataJSON() as Body;
    if (!taken) {
      taken = body.slots[0];
      const response = await other.post("/api/student/reservations", {
        data: { instructorId: body.instructorId, licenseId: body.licenseId, slots: [taken] },
        headers: sameOrigin(),
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    await route.continue();
  });

  await page.getByRole("button", { name: "Confirmar reservas" }).click();
  const dialog = page.getByRole("dialog", { name: "Horarios no disponibles" });
  await expect(dialog).toContainText("ya no está disponible y se ha eliminado de tu selección");
  await dialog.getByRole("button", { name: "Entendido" }).click();
  await expect(page.getByText("Se han eliminado 1 horario(s) que ya no están disponibles. Revisa tu selección.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("summary-slots").locator("li")).toHaveCount(1);

  await page.getByRole("button", { name: "Confirmar reservas" }).click();
  await expect(page).toHaveURL(/\/student\/reservations$/);
  expect(idempotencyKeys).toHaveLength(2);
  expect(idempotencyKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(idempotencyKeys[1]).not.toBe(idempotencyKeys[0]);
  await other.dispose();
});
