import { expect, test, type Page } from "@playwright/test";
import { norte, signInAt } from "../support/auth";
import { availableSlots, newPerson, nextWeekWithSlots } from "../student/booking-support";

// The money-mode school: a new student starts at 0 €, so the office makes the first lesson free to book it.
const shots = "test-results/screens/backoffice";

let restorePrice: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await restorePrice?.();
  restorePrice = null;
});

async function setHourlyPrice(page: Page, euros: string) {
  await page.goto(`${norte}/administrator/settings`);
  await page.getByLabel("Precio por hora (€)").fill(euros);
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/administrator/settings") && r.request().method() === "PUT");
  await page.getByRole("button", { name: "Guardar ajustes" }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText("Ajustes guardados", { exact: true })).toBeVisible();
}

async function openConfirmStep(page: Page) {
  await page.goto(`${norte}/student/reservations/new`);
  // The calendar's code is loaded on demand: slow on a loaded machine.
  await expect(page.getByTestId("week-calendar")).toBeVisible({ timeout: 30_000 });
  await nextWeekWithSlots(page);
  await availableSlots(page).first().click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText("Resumen de la reserva")).toBeVisible();
}

test("the office signs up a student who sets a password and books; a new price shows at confirmation", async ({ page, browser }, testInfo) => {
  // The whole office day in one journey, with a second browser: longer than one screen's budget on a loaded machine.
  test.setTimeout(150_000);
  const suffix = Date.now().toString().slice(-6);
  const username = `nuevo.${suffix}`;
  const dni = `${suffix.padStart(8, "0")}${"TRWAGMYFPDXBNJZSQVHLCKE"[Number(suffix) % 23]}`;
  // A second surname of letters only, unique to this run, so a retry never meets the first attempt's student.
  const surname2 = [...suffix].map((d) => "abcdefghij"[Number(d)]).join("").replace(/^./, (c) => c.toUpperCase());
  const fullName = `Irene Navarro ${surname2}`;
  await signInAt(page, norte, "norte.admin", "admin123", /\/administrator$/);
  // The school's price is shared demo data: whatever happens below, afterEach puts it back as it was.
  const originalPrice = await page.evaluate(async () => (await (await fetch("/api/config")).json()).hourly_price.value as string);
  restorePrice = async () => {
    if (!page.url().startsWith(norte)) await page.goto(`${norte}/administrator/settings`);
    const status = await page.evaluate(
      async (value) =>
        (await fetch("/api/administrator/settings", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ hourly_price: value }) })).status,
      originalPrice,
    );
    expect(status).toBe(200);
  };

  // A new student with a one-time link.
  await page.getByRole("link", { name: "Usuarios" }).click();
  await page.getByRole("button", { name: "Nuevo usuario" }).click();
  const form = page.getByRole("dialog", { name: "Nuevo usuario" });
  await form.getByLabel("Nombre", { exact: true }).fill("Irene");
  await form.getByLabel("Primer apellido").fill("Navarro");
  await form.getByLabel("Segundo apellido (opcional)").fill(surname2);
  await form.getByLabel("DNI/NIE").fill("12345678A");
  await form.getByLabel("Nombre de usuario").fill(username);
  await form.getByRole("button", { name: "Crear usuario" }).click();
  await expect(form.getByText("El DNI/NIE no es válido")).toBeVisible();
  await form.getByLabel("DNI/NIE").fill(dni);
  await form.getByRole("button", { name: "Crear usuario" }).click();
  const linkDialog = page.getByRole("dialog", { name: "Enlace para establecer la contraseña" });
  const link = await linkDialog.getByLabel("Enlace para establecer la contraseña").inputValue();
  expect(link).toMatch(/\/establecer-contrasena#[\w-]{40,}$/);
  await page.screenshot({ path: `${shots}/users-link.png` });
  await linkDialog.getByRole("button", { name: "Hecho" }).click();
  await page.getByLabel("Buscar usuarios").fill(surname2);
  await expect(page.getByRole("row", { name: new RegExp(fullName) })).toContainText("Sin contraseña");

  // Instructor and licence: Elena Vidal teaches B in the seed.
  await page.getByRole("link", { name: "Permisos y asignaciones" }).click();
  await page.getByRole("button", { name: "Nueva asignación" }).click();
  const assign = page.getByRole("dialog", { name: "Nueva asignación" });
  await assign.getByLabel("Buscar alumno").fill(surname2);
  await expect(assign.getByLabel("Alumno", { exact: true }).locator("option", { hasText: fullName })).toHaveCount(1);
  await assign.getByLabel("Alumno", { exact: true }).selectOption({ label: `${fullName} (${dni})` });
  await assign.getByLabel("Profesor").selectOption({ label: "Elena Vidal" });
  await assign.getByLabel("Permiso").selectOption({ label: "Permiso B" });
  await assign.getByRole("button", { name: "Asignar" }).click();
  await expect(page.getByRole("row", { name: new RegExp(`${fullName}.*Elena Vidal.*Permiso B`) })).toBeVisible();
  await page.screenshot({ path: `${shots}/licenses.png`, fullPage: true });

  // The first lesson is free, so the new student can book it with an empty balance.
  await setHourlyPrice(page, "0");

  // The student opens the link in another browser, sets a password and signs in.
  const student = await newPerson(browser, testInfo);
  await student.page.goto(link);
  await student.page.getByLabel("Nueva contraseña").fill("irene123");
  await student.page.getByLabel("Repite la contraseña").fill("irene123");
  await student.page.getByRole("button", { name: "Establecer contraseña" }).click();
  // Setting the password through the link signs the student in (issue 31 §7): straight to the app.
  await expect(student.page).toHaveURL(/\/student\/reservations$/);
  await student.page.screenshot({ path: `${shots}/set-password.png` });

  // Step 1 has the one assignment (Elena, B), so the wizard opens the calendar at once.
  await openConfirmStep(student.page);
  await expect(student.page.getByTestId("summary-total")).toHaveText(/^0,00\s€$/);
  await student.page.getByRole("button", { name: "Confirmar reservas" }).click();
  await expect(student.page).toHaveURL(/\/student\/reservations$/);
  await expect(student.page.getByTestId("reservation-card")).toHaveCount(1);

  // The office sets a new price; the next booking's confirmation shows it (to a student with balance: Pablo, 115 €).
  await setHourlyPrice(page, "42,50");
  await student.context.clearCookies();
  await signInAt(student.page, norte, "norte.alumno", "alumno123", /\/student\/reservations$/);
  await openConfirmStep(student.page);
  await expect(student.page.getByTestId("summary-total")).toHaveText(/^42,50\s€$/);
  await student.page.screenshot({ path: `${shots}/confirm-new-price.png` });

  // Everything the office did is in the activity log.
  await page.getByRole("link", { name: "Registro de actividad" }).click();
  await expect(page.getByRole("row", { name: /Ajustes modificados.*precio por hora: 0,00\s€ → 42,50\s€/ }).first()).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Asignación creada.*${fullName}`) })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Contraseña establecida con enlace.*${fullName}`) })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Usuario creado.*${fullName}`) })).toBeVisible();
  await page.screenshot({ path: `${shots}/audit.png`, fullPage: true });
  await student.context.close();
});
