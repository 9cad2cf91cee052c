import { expect, test, type Page } from "@playwright/test";
import { signInByApi } from "../support/auth";
import { signInAsStudent } from "../support/fresh-student";
import { createStudentWithLessons } from "../support/student-with-lessons";
import { toastTitled } from "../support/toast";
import { availableSlots, getJson, nextWeekWithSlots, sameOrigin, signInApi, type Slot } from "../student/booking-support";

// The booking wizard's notices and error toasts (first document §2 'Hora', §8 reservations and booking).
const SERVER_ERROR = { error: "INTERNAL_SERVER_ERROR", message: "Ha ocurrido un error en el servidor" };
const isCalendarCall = (url: URL) => url.pathname === "/api/student/reservations/calendar";

/** The demo student (licences B and A2) opens the wizard and picks 'Permiso B'. */
async function pickLicenceB(page: Page) {
  await page.goto("/student/reservations/new");
  await page.getByRole("radio", { name: /Permiso B\b/ }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
}

test("a school whose durations give no option shows 'Reservas no disponibles' instead of the calendar", async ({ page }) => {
  await signInByApi(page, "student");
  // The school's configuration as an upstream driving-school API could send it: a maximum below the minimum, so no
  // duration runs from the one to the other (first document §5).
  let configCalls = 0;
  await page.route("**/api/config", async (route) => {
    configCalls += 1;
    const response = await route.fetch();
    const config = await response.json();
    config.practice_duration_min = { value: "PT2H" };
    config.practice_duration_max = { value: "PT1H" };
    await route.fulfill({ response, json: config });
  });
  await pickLicenceB(page);

  const notice = page.getByRole("alert").filter({ hasText: "Reservas no disponibles" });
  await expect(notice).toContainText("No se pueden realizar reservas en este momento. Por favor, inténtalo más tarde.");
  await expect(page.getByTestId("week-calendar")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Continuar" })).toHaveCount(0);
  expect(configCalls).toBeGreaterThan(0);
});

test("the available slots cannot be loaded: 'Error al cargar el calendario', and 'Reintentar' reloads the page", async ({ page }) => {
  await signInByApi(page, "student");
  let isFailing = true;
  await page.route(isCalendarCall, (route) => (isFailing ? route.fulfill({ status: 500, json: SERVER_ERROR }) : route.fallback()));
  await pickLicenceB(page);

  // After the query's retries (first document §9): 1 s, 2 s and 4 s.
  const alert = page.getByRole("alert").filter({ hasText: "Error al cargar el calendario" });
  await expect(alert).toContainText("No se pudieron cargar los horarios disponibles. Por favor, inténtalo de nuevo.", { timeout: 20_000 });
  await expect(page.getByTestId("week-calendar")).toHaveCount(0);

  isFailing = false;
  const reloaded = page.waitForEvent("load");
  await alert.getByRole("button", { name: "Reintentar" }).click();
  await reloaded;
  await page.getByRole("radio", { name: /Permiso B\b/ }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByTestId("week-calendar")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Error al cargar el calendario")).toHaveCount(0);
});

test("a booking that does not reach the school shows 'Error al crear la reserva'; when its only slot is taken meanwhile, 'Horarios actualizados' returns to the calendar", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Two students made for the test, both with the demo instructor: one books in the wizard, the other takes the slot.
  const rival = await createStudentWithLessons(page, "Tomás");
  const student = await createStudentWithLessons(page, "Berta");
  const other = await playwright.request.newContext({ baseURL });
  await signInApi(other, rival);
  await signInAsStudent(page, student);

  let attempt = 0;
  const taken: { id?: string } = {};
  await page.route("**/api/student/reservations", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    attempt += 1;
    if (attempt === 1) return route.abort("internetdisconnected");
    if (attempt === 2) {
      const body = route.request().postDataJSON() as { instructorId: string; licenseId: string; slots: Slot[] };
      const response = await other.post("/api/student/reservations", { data: body, headers: sameOrigin() });
      if (response.status() === 201) taken.id = ((await response.json()) as { reservations: { id: string }[] }).reservations[0]!.id;
    }
    return route.continue();
  });

  try {
    // One assignment: the wizard opens its calendar at once.
    await page.getByRole("link", { name: "Reservar prácticas" }).click();
    await expect(page.getByTestId("week-calendar")).toBeVisible({ timeout: 30_000 });
    await nextWeekWithSlots(page);
    await availableSlots(page).first().click();
    await expect(page.getByTestId("wizard-selected")).toHaveText(/^1 /);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByTestId("summary-slots").locator("li")).toHaveCount(1);

    // The connection drops: the spec's fallback text, still on 'Confirmar', nothing booked.
    await page.getByRole("button", { name: "Confirmar reservas" }).click();
    const failed = toastTitled(page, "Error al crear la reserva");
    await expect(failed).toContainText("Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo.");
    await expect(page.getByRole("button", { name: "Confirmar reservas" })).toBeEnabled();
    await expect(page.getByTestId("summary-slots").locator("li")).toHaveCount(1);
    expect(await getJson<unknown[]>(page.request, "/api/student/reservations")).toEqual([]);

    // The second try arrives after another student took the slot: none is left, so back to step 2.
    await page.getByRole("button", { name: "Confirmar reservas" }).click();
    const dialog = page.getByRole("dialog", { name: "Horarios no disponibles" });
    await dialog.getByRole("button", { name: "Entendido" }).click();
    const updated = toastTitled(page, "Horarios actualizados");
    await expect(updated).toContainText("Todos los horarios seleccionados ya no están disponibles. Por favor, selecciona nuevos horarios.");
    await expect(page.getByTestId("week-calendar")).toBeVisible();
    await expect(page.getByTestId("wizard-selected")).toHaveText(/^0 /);
    expect(taken.id, "the other student's booking").toBeDefined();
    expect(await getJson<unknown[]>(page.request, "/api/student/reservations")).toEqual([]);
  } finally {
    // The instructor's time goes back to how it was.
    if (taken.id) await other.post(`/api/student/reservations/${taken.id}/cancel`, { headers: sameOrigin() });
    await other.dispose();
  }
});
