import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../support/auth";
import { clickHydrated } from "../support/hydration";
import { createStudentWithLessons, type StudentWithLessons } from "../support/student-with-lessons";
import { assignmentFor, bookViaApi, freeSlots, signInApi } from "../student/booking-support";

// Issue 31 §1-§2: the office's morning starts on its home ('Inicio'), where requests are decided in place; a student's
// page shows the contact the student gave in 'Mi perfil' with tap-to-call and keeps the office's private notes; the
// student's instructor opens the same page from 'Mis alumnos', without the notes. Marta's (licence A2) new students:
// the demo students and Carlos's lessons stay as seeded.

/** A new student of Marta's who asks for her next free lesson; the request waits for the school. */
async function studentWithRequest(page: Page, firstName: string): Promise<StudentWithLessons & { reservationId: string }> {
  const student = await createStudentWithLessons(page, firstName, { instructor: "Marta", license: "A2", hours: 4 });
  await page.context().clearCookies();
  await signInApi(page.request, student);
  const assignment = await assignmentFor(page.request, "A2");
  const [reservation] = await bookViaApi(page.request, assignment, await freeSlots(page.request, assignment.instructor.id, 1, 1));
  await page.context().clearCookies();
  return { ...student, reservationId: reservation!.id };
}

test("the office lands on its home, confirms a pending request from it and moves the lesson from the student's page", async ({ page }) => {
  test.setTimeout(150_000);
  const student = await studentWithRequest(page, "Olga");
  await signIn(page, "admin");
  await expect(page.getByRole("heading", { name: "Inicio", level: 1 })).toBeVisible();
  const nav = page.getByRole("complementary", { name: "Navegación" });
  await expect(nav.getByRole("link", { name: "Inicio" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Ir a la aplicación" })).toHaveCount(0);
  for (const section of ["Clases de hoy", "Solicitudes de cancelación", "Sesiones CAP de hoy", "Exámenes de esta semana", "Saldo por debajo de una clase", "Pagos de hoy"]) {
    await expect(page.getByRole("region", { name: section })).toBeVisible();
  }

  const requests = page.getByRole("region", { name: "Solicitudes pendientes" });
  const card = requests.locator(`[data-reservation-id="${student.reservationId}"]`);
  await expect(card).toContainText(student.name);
  await expect(card).toContainText("Marta Gómez · Permiso A2");
  await clickHydrated(card.getByRole("button", { name: "Confirmar" }));
  const dialog = page.getByRole("dialog", { name: "Confirmar reserva" });
  await dialog.getByRole("button", { name: "Sí, confirmar" }).click();
  await expect(page.getByText("Reserva confirmada").first()).toBeVisible();
  await expect(card).toHaveCount(0);

  // The student's page says so.
  await page.goto(`/administrator/students/${student.id}`);
  const upcoming = page.getByRole("region", { name: "Próximas clases" });
  await expect(upcoming.getByTestId("student-file-lesson")).toHaveCount(1);
  await expect(upcoming.getByTestId("student-file-lesson")).toContainText("Confirmada");

  // The student phones: the lesson moves to another time (issue 31 §5), chosen on the office's phone with the
  // booking's day picker; the lesson keeps its length and stays confirmed.
  await page.setViewportSize({ width: 390, height: 844 });
  const lesson = upcoming.getByTestId("student-file-lesson");
  const before = await lesson.textContent();
  await clickHydrated(lesson.getByRole("button", { name: "Cambiar hora" }));
  const move = page.getByRole("dialog", { name: "Cambiar hora" });
  await expect(move).toContainText("Hora actual:");
  // The day's last free time: the first may be the lesson's own, which the picker shows selected.
  const tile = move.locator('[data-testid="slot-tile"][data-kind="available"]').last();
  await expect(move.locator('[data-testid="slot-tile"]').first()).toBeVisible({ timeout: 20_000 });
  if (!(await tile.isVisible())) await move.getByRole("button", { name: "Siguiente día con huecos" }).click();
  await expect(tile).toBeVisible();
  const start = (await tile.getAttribute("data-start"))!;
  await tile.click();
  await move.getByRole("button", { name: "Cambiar hora" }).click();
  await expect(page.getByText("Hora cambiada").first()).toBeVisible();
  await expect(move).toHaveCount(0);
  const clock = (iso: string) => new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
  await expect(lesson).toContainText(`${clock(start)}–`);
  await expect(lesson).toContainText("Confirmada");
  expect(await lesson.textContent()).not.toBe(before);
  // The activity log names the move.
  await page.goto("/administrator/audit");
  await expect(page.getByRole("row").filter({ hasText: "Reserva cambiada de hora" }).first()).toContainText(student.name);
});

test("a student's page: the phone from 'Mi perfil' with tap-to-call, and the office's private notes", async ({ page }) => {
  const student = await studentWithRequest(page, "Nerea");

  // The student gives a phone number in 'Mi perfil'; a number that is not Spanish is refused in Spanish.
  await page.goto("/login");
  await page.getByLabel("DNI / Nombre de usuario").fill(student.username);
  await page.getByLabel("Contraseña", { exact: true }).fill(student.password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await page.goto("/perfil");
  const phone = page.getByLabel("Teléfono");
  await phone.fill("12345");
  await clickHydrated(page.getByRole("button", { name: "Guardar teléfono" }));
  await expect(page.getByText("Escribe un teléfono español de 9 cifras que empiece por 6, 7, 8 o 9 (con o sin +34)")).toBeVisible();
  await phone.fill("+34 612-34-56-78");
  await page.getByRole("button", { name: "Guardar teléfono" }).click();
  await expect(page.getByText("Teléfono guardado").first()).toBeVisible();
  await expect(phone).toHaveValue("612 34 56 78");

  // The office finds the student under 'Alumnos' and opens the page.
  await page.context().clearCookies();
  await signIn(page, "admin");
  await page.getByRole("complementary", { name: "Navegación" }).getByRole("link", { name: "Alumnos", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Alumnos", level: 1 })).toBeVisible();
  await page.getByLabel("Buscar usuarios").fill(student.name);
  // Other journeys (and a retry) make students of the same name: this one's link, by its address.
  await page.getByRole("link", { name: student.name, exact: true }).and(page.locator(`[href="/administrator/students/${student.id}"]`)).click();
  await expect(page).toHaveURL(new RegExp(`/administrator/students/${student.id}$`));
  await expect(page.getByRole("heading", { name: student.name, level: 1 })).toBeVisible();
  const call = page.getByRole("region", { name: "Contacto" }).getByRole("link", { name: `Llamar a ${student.name}: 612 34 56 78` });
  await expect(call).toHaveAttribute("href", "tel:+34612345678");
  await expect(page.getByRole("region", { name: "Profesores y permisos" })).toContainText("Marta Gómez");
  await expect(page.getByRole("region", { name: "Saldo", exact: true })).toContainText(/\dh/);
  await expect(page.getByRole("region", { name: "Próximas clases" }).getByTestId("student-file-lesson")).toContainText("Pendiente");

  // A note: added, changed, deleted.
  const notes = page.getByRole("region", { name: "Notas de la oficina" });
  await expect(notes).toContainText("Todavía no hay notas.");
  await clickHydrated(notes.getByRole("button", { name: "Añadir nota" }));
  await expect(notes.getByText("Escribe la nota")).toBeVisible();
  await notes.getByLabel("Nueva nota").fill("Prefiere clases por la tarde");
  await notes.getByRole("button", { name: "Añadir nota" }).click();
  const note = notes.getByTestId("office-note");
  await expect(note).toContainText("Prefiere clases por la tarde");
  await expect(note).toContainText("Ana Torres");
  await expect(notes.getByLabel("Nueva nota")).toHaveValue("");

  await note.getByRole("button", { name: "Editar" }).click();
  await notes.getByLabel("Editar nota").fill("Prefiere clases por la tarde y los sábados");
  await notes.getByRole("button", { name: "Guardar nota" }).click();
  await expect(note).toContainText("Prefiere clases por la tarde y los sábados");
  await expect(note).toContainText("editada por Ana Torres");

  // Still there when the page is opened again; then deleted.
  await page.reload();
  await expect(note).toContainText("Prefiere clases por la tarde y los sábados");
  await clickHydrated(note.getByRole("button", { name: "Eliminar" }));
  await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar nota" }).click();
  await expect(note).toHaveCount(0);
  await expect(notes).toContainText("Todavía no hay notas.");
});

test("an instructor opens his student's page from 'Mis alumnos', without the office's notes", async ({ page }) => {
  const student = await studentWithRequest(page, "Irati");
  await signIn(page, "instructor2");
  await page.getByRole("link", { name: "Mis alumnos" }).click();
  await page.getByLabel("Buscar por nombre o DNI").fill(student.name);
  await page.getByRole("link", { name: student.name, exact: true }).and(page.locator(`[href="/instructor/students/${student.id}"]`)).click();
  await expect(page).toHaveURL(new RegExp(`/instructor/students/${student.id}$`));
  await expect(page.getByRole("heading", { name: student.name, level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Próximas clases" }).getByTestId("student-file-lesson")).toContainText("Marta Gómez · Permiso A2");
  await expect(page.getByRole("region", { name: "Movimientos" }).getByTestId("student-file-movement").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Notas de la oficina" })).toHaveCount(0);
  await page.getByRole("link", { name: "Volver a mis alumnos" }).click();
  await expect(page).toHaveURL(/\/instructor\/students$/);

  // Another instructor's student is not his to open.
  const response = await page.goto("/instructor/students/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Alumno no encontrado" })).toBeVisible();
});
