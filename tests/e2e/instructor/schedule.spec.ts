import { expect, test, type Page } from "@playwright/test";
import { signInAt, sur } from "../support/auth";
import { clickHydrated } from "../support/hydration";
import { toastTitled } from "../support/toast";

// The instructor's own schedule ('Mi horario'): weekly rules, the week's preview and date exceptions. It runs in
// Autoescuela Sur, whose instructor no other journey books with, so changing his hours disturbs nobody.
const SHOTS = "test-results/screens/instructor";

/** Today's date in the school's zone (Europe/Madrid) and its position in a week that starts on Monday. */
function schoolToday() {
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return { date, column: (weekday + 6) % 7 };
}

const previewDay = (page: Page, column: number) => page.getByTestId("week-preview").locator(":scope > li").nth(column);

test("the instructor sets a Saturday slot, sees it in the week's preview, marks today off, adds extra hours and undoes all", async ({ page }) => {
  await signInAt(page, sur, "sur.profesor", "profesor123", /\/instructor\/dashboard$/);

  await page.goto(`${sur}/instructor/schedule`);
  await expect(page.getByText("Define cuándo pueden reservar tus alumnos (hora de Madrid)")).toBeVisible();
  // The seeded week: two slots on each weekday, nothing at the weekend.
  await expect(page.getByTestId("weekday-1").getByLabel("Lunes: inicio")).toHaveCount(2);
  const saturday = page.getByTestId("weekday-6");
  await expect(saturday.getByText("Sin horario")).toBeVisible();
  await expect(previewDay(page, 5)).toContainText("Libre");
  await expect(previewDay(page, 0)).toContainText("08:00 - 14:00");

  // A Saturday morning, saved; a slot that ends before it starts is refused under the schedule, with nothing sent.
  await clickHydrated(saturday.getByRole("button", { name: "Añadir franja" }));
  await saturday.getByLabel("Sábado: fin").fill("08:30");
  await page.getByRole("button", { name: "Guardar horario" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "La hora de fin debe ser posterior a la de inicio" })).toBeVisible();
  await saturday.getByLabel("Sábado: fin").fill("12:30");
  await expect(page.getByRole("alert").filter({ hasText: "La hora de fin debe ser posterior" })).toHaveCount(0);
  await expect(previewDay(page, 5)).toContainText("09:00 - 12:30");
  await page.getByRole("button", { name: "Guardar horario" }).click();
  await expect(toastTitled(page, "Horario guardado")).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar horario" })).toBeDisabled();

  // Kept: the page drawn again by the server shows it.
  await page.reload();
  await expect(saturday.getByLabel("Sábado: inicio")).toHaveValue("09:00");
  await expect(saturday.getByLabel("Sábado: fin")).toHaveValue("12:30");
  await expect(previewDay(page, 5)).toContainText("09:00 - 12:30");

  // Today off, the whole day: the exception is listed and today's column of the preview is free.
  const today = schoolToday();
  await expect(page.getByLabel("Fecha")).toHaveValue(today.date);
  await expect(page.getByText("No tienes excepciones próximas")).toBeVisible();
  await clickHydrated(page.getByRole("button", { name: "Añadir excepción" }));
  await expect(toastTitled(page, "Excepción añadida")).toBeVisible();
  const row = page.getByTestId("override-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Día libre");
  await expect(row).toContainText("Todo el día");
  await expect(previewDay(page, today.column)).toContainText("Libre");
  await expect(previewDay(page, today.column).getByText(/\d\d:\d\d - \d\d:\d\d/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/schedule.png`, fullPage: true });

  // Undone: the exception, then the Saturday slot.
  await row.getByRole("button", { name: /^Eliminar excepción del / }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
  await expect(toastTitled(page, "Excepción eliminada")).toBeVisible();
  await expect(page.getByText("No tienes excepciones próximas")).toBeVisible();

  // Extra hours today need both times: the form says so before any call, then the evening is added to today.
  await page.getByLabel("Tipo").selectOption({ label: "Horas extra" });
  await page.getByRole("button", { name: "Añadir excepción" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Indica la hora de inicio y de fin" })).toBeVisible();
  await expect(page.getByText("No tienes excepciones próximas")).toBeVisible();
  await page.getByLabel("Desde *").fill("21:00");
  await page.getByLabel("Hasta *").fill("22:00");
  await page.getByRole("button", { name: "Añadir excepción" }).click();
  await expect(toastTitled(page, "Excepción añadida")).toBeVisible();
  await expect(row).toContainText("Horas extra");
  await expect(row).toContainText("21:00 - 22:00");
  await expect(previewDay(page, today.column)).toContainText("21:00 - 22:00");
  await row.getByRole("button", { name: /^Eliminar excepción del / }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByText("No tienes excepciones próximas")).toBeVisible();
  await expect(previewDay(page, today.column).getByText("21:00 - 22:00")).toHaveCount(0);
  await saturday.getByRole("button", { name: "Eliminar franja" }).click();
  await expect(saturday.getByText("Sin horario")).toBeVisible();
  await page.getByRole("button", { name: "Guardar horario" }).click();
  await expect(toastTitled(page, "Horario guardado")).toBeVisible();
  await page.reload();
  await expect(saturday.getByText("Sin horario")).toBeVisible();
});
