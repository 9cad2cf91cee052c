import { expect, test, type Page } from "@playwright/test";
import { DEMO_USERS, signIn, signOut } from "../support/auth";

// Demo exams (server/demo/exams.ts): the first upcoming date shows 4 places of 'Circulación' for licence B;
// the second shows 2, both taken, with one student on the reserve list; alumno's road exam two days ago has
// no result yet.
const ROAD_B = "Circulación · Permiso B";
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.describe.configure({ mode: "serial" });

test("an instructor reads the slot's counts as the whole school's and the list below as only their own students", async ({ page }) => {
  // The nearly full date: Diego and Irene registered, Hugo on the reserve list, all through the office and none of
  // them profesor's students.
  await signIn(page, "instructor");
  await page.goto("/instructor/exams");
  const slot = page.getByTestId("staff-exam").nth(1).getByRole("region", { name: ROAD_B });
  await expect(slot.getByTestId("staff-exam-slot-counts")).toHaveText("Toda la autoescuela: Inscritos 2 · Plazas 3 · Mostradas 2 · En reserva 1");
  await expect(slot.getByRole("heading", { name: "Tus alumnos", level: 4 })).toBeVisible();
  await expect(slot.getByText("Ninguno de tus alumnos está inscrito ni en reserva", { exact: true })).toBeVisible();
  await expect(slot.getByText("Ningún alumno inscrito", { exact: true })).toHaveCount(0);
  await expect(slot.getByTestId("staff-exam-attendance")).toHaveCount(0);
  await shot(page, "instructor-counts");
  await signOut(page);

  // The administrator sees everyone the counts count: the same numbers, unqualified, over all three students.
  await signIn(page, "admin");
  await page.goto("/administrator/exams");
  const full = page.getByTestId("staff-exam").nth(1).getByRole("region", { name: ROAD_B });
  await expect(full.getByTestId("staff-exam-slot-counts")).toHaveText("Inscritos 2 · Plazas 3 · Mostradas 2 · En reserva 1");
  await expect(full.getByRole("heading", { name: "Alumnos", level: 4 })).toBeVisible();
  await expect(full.getByTestId("staff-exam-attendance")).toHaveCount(3);
  await expect(full.getByTestId("staff-exam-attendance").filter({ hasText: "Inscrito" })).toHaveCount(2);
  await expect(full.getByTestId("staff-exam-attendance").filter({ hasText: "Reserva n.º 1" })).toHaveCount(1);
});

test("the student registers after confirming, sees 'Inscrito' and the places go down", async ({ page }) => {
  await signIn(page, "student");
  await page.getByRole("link", { name: "Próximos exámenes" }).click();
  await expect(page.getByRole("heading", { name: "Próximos exámenes" })).toBeVisible();
  const slot = page.getByTestId("upcoming-exam").first().getByRole("listitem", { name: ROAD_B });
  await expect(slot).toContainText("4 plazas disponibles");
  await shot(page, "upcoming-before");

  // Cancelling the confirmation (spec 000 §9: 'Cancelar') registers nothing.
  await slot.getByRole("button", { name: "Inscribirme" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Confirmar inscripción" });
  await expect(dialog).toContainText("Circulación del permiso B");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await expect(slot).toContainText("4 plazas disponibles");

  // The connection drops while registering: no server text, so the UNKNOWN_ERROR toast of spec 000 §8, not the code.
  await page.route("**/api/student/exam-attendance", (route) => route.abort("internetdisconnected"), { times: 1 });
  await slot.getByRole("button", { name: "Inscribirme" }).click();
  await dialog.getByRole("button", { name: "Sí, inscribirme" }).click();
  await expect(page.getByText("Ha ocurrido un error inesperado", { exact: true })).toBeVisible();
  await expect(page.getByText("UNKNOWN_ERROR")).toHaveCount(0);
  await expect(slot).toContainText("4 plazas disponibles");

  await slot.getByRole("button", { name: "Inscribirme" }).click();
  await dialog.getByRole("button", { name: "Sí, inscribirme" }).click();
  await expect(slot.getByText("Inscrito", { exact: true })).toBeVisible();
  await expect(slot).toContainText("3 plazas disponibles");
  await expect(slot.getByRole("button", { name: "Inscribirme" })).toHaveCount(0);
  await shot(page, "upcoming-after");

  // The full date offers only the reserve list.
  const full = page.getByTestId("upcoming-exam").nth(1).getByRole("listitem", { name: ROAD_B });
  await expect(full).toContainText("No hay plazas disponibles");
  await expect(full.getByRole("button", { name: "Apuntarme en reserva" })).toBeVisible();
});

test("a second student joins the reserve list of the full exam", async ({ page }) => {
  await signIn(page, "student2");
  await page.goto("/student/exams/upcoming");
  const full = page.getByTestId("upcoming-exam").nth(1).getByRole("listitem", { name: ROAD_B });
  await expect(full).toContainText("No hay plazas disponibles");
  await full.getByRole("button", { name: "Apuntarme en reserva" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Confirmar reserva" });
  await dialog.getByRole("button", { name: "Sí, apuntarme en reserva" }).click();
  await expect(full.getByText("Apuntado en reserva", { exact: true })).toBeVisible();
  await expect(full.getByRole("button", { name: "Apuntarme en reserva" })).toHaveCount(0);
  // Lucía's registration from the first test took one of the places Sara sees too.
  await expect(page.getByTestId("upcoming-exam").first().getByRole("listitem", { name: ROAD_B })).toContainText("3 plazas disponibles");
  await shot(page, "upcoming-reserve");
});

test("the instructor records 'Apto' and the student sees it in the results", async ({ page }) => {
  await signIn(page, "instructor");
  await page.getByRole("link", { name: "Exámenes" }).click();
  await expect(page.getByRole("heading", { name: "Exámenes" })).toBeVisible();
  // The instructor sees their students' registrations and reserve places.
  const full = page.getByTestId("staff-exam").nth(1).getByRole("region", { name: ROAD_B });
  await expect(full.getByTestId("staff-exam-attendance").filter({ hasText: DEMO_USERS.student2.name })).toContainText("Reserva n.º 2");
  await shot(page, "instructor-upcoming");

  await page.getByRole("tab", { name: "Celebradas" }).click();
  const latest = page.getByTestId("staff-exam").first();
  await latest.getByRole("combobox", { name: `Resultado de ${DEMO_USERS.student.name}` }).selectOption({ label: "Apto" });
  await expect(page.getByText("Resultado guardado", { exact: true })).toBeVisible();
  await shot(page, "instructor-results");
  await signOut(page);

  await signIn(page, "student");
  await page.goto("/student/exams/results");
  await expect(page.getByRole("heading", { name: "Resultados de exámenes" })).toBeVisible();
  const roadApto = page
    .getByTestId("exam-result")
    .filter({ hasText: "Circulación" })
    .filter({ has: page.getByText("Apto", { exact: true }) });
  await expect(roadApto).toHaveCount(1);
  await expect(roadApto).toContainText("Permiso B");
  // The registration of the first test is listed without a result yet.
  await expect(page.getByTestId("exam-result").first()).toContainText("Pendiente");
  await shot(page, "results");
});

test("an administrator opens a new exam date that students of that licence can join", async ({ page }) => {
  const local = (days: number, hour: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
  };
  await signIn(page, "admin");
  await page.goto("/administrator/exams");
  await expect(page.getByRole("heading", { name: "Exámenes" })).toBeVisible();
  await page.getByRole("button", { name: "Nueva convocatoria" }).click();
  const dialog = page.getByRole("dialog", { name: "Nueva convocatoria" });
  await dialog.getByLabel("Fecha y hora del examen").fill(local(30, 10));
  await dialog.getByLabel("Apertura de inscripciones").fill(local(-1, 9));
  await dialog.getByLabel("Cierre de inscripciones").fill(local(20, 14));
  await dialog.getByLabel("Lugar").fill("Centro de exámenes de Alcorcón");
  await dialog.getByLabel("Tipo de examen").selectOption({ label: "Teórico" });
  await dialog.getByLabel("Permiso", { exact: true }).selectOption({ label: "Permiso B" });
  await dialog.getByLabel("Plazas", { exact: true }).fill("2");
  await dialog.getByLabel("Visibles").fill("2");
  await shot(page, "admin-create");
  await dialog.getByRole("button", { name: "Crear convocatoria" }).click();
  await expect(page.getByText("Convocatoria creada", { exact: true })).toBeVisible();
  const card = page.getByTestId("staff-exam").filter({ hasText: "Centro de exámenes de Alcorcón" });
  await expect(card.getByRole("region", { name: "Teórico · Permiso B" })).toContainText("Inscritos 0 · Plazas 2 · Mostradas 2 · En reserva 0");
  await shot(page, "admin-list");

  // The office registers Sara itself.
  const region = card.getByRole("region", { name: "Teórico · Permiso B" });
  await region.getByRole("button", { name: "Inscribir alumno" }).click();
  const register = page.getByRole("dialog", { name: "Inscribir alumno" });
  await register.getByLabel("Alumno").selectOption({ label: `${DEMO_USERS.student2.name} (87654321X)` });
  await register.getByRole("button", { name: "Inscribir", exact: true }).click();
  await expect(region.getByTestId("staff-exam-attendance").filter({ hasText: DEMO_USERS.student2.name })).toContainText("Inscrito");
  await expect(region).toContainText("Inscritos 1 · Plazas 2");
  await signOut(page);

  await signIn(page, "student");
  await page.goto("/student/exams/upcoming");
  const slot = page.getByTestId("upcoming-exam").filter({ hasText: "Centro de exámenes de Alcorcón" }).getByRole("listitem", { name: "Teórico · Permiso B" });
  await expect(slot).toContainText("1 plaza disponible");
  await expect(slot.getByRole("button", { name: "Inscribirme" })).toBeVisible();
});
