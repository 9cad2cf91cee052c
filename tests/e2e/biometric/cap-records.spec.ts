import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { zonedInstant } from "@/lib/cap/zoned-time";
import { DEMO_USERS, signIn } from "../support/auth";
import { createCapCourse, createCapStudent, schoolDate, uniqueTag, waitForRoomInSchoolDay } from "../support/cap-course";

// Issue 30 §3/§4: the office records by hand what the camera could not, and corrects a forgotten exit the next day;
// both stand on record ('Manual', 'Corregida', the history) and the Ministry file reads the corrected times.
const PASSWORD = DEMO_USERS.admin.password;
const toDisplay = (iso: string) => iso.split("-").reverse().join("/");

/** Only when asked (E2E_SCREENSHOTS=1): the screens at the desktop and phone sizes, for a person to look at. */
async function screenshots(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const viewport = page.viewportSize();
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ["light", "dark"]) {
      await page.evaluate((isDark) => document.documentElement.classList.toggle("dark", isDark), theme === "dark");
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${theme}.png`), fullPage: true });
    }
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
  }
  if (viewport) await page.setViewportSize(viewport);
}

async function confirmPassword(dialog: ReturnType<Page["getByRole"]>, password: string) {
  await dialog.getByLabel("Tu contraseña").fill(password);
}

test("an administrator records an entry and an exit by hand, each with its reason, shown as 'Manual'", async ({ page }) => {
  // Today's session must stay current while the journey runs (near midnight: up to 5 more minutes).
  test.setTimeout(60_000 + 6 * 60_000);
  await waitForRoomInSchoolDay(5);
  await signIn(page, "admin");
  const tag = uniqueTag();
  const student = await createCapStudent(page.request, "Penélope", `Manual${tag}`);
  const course = await createCapCourse(page.request, {
    name: `CAP Viajeros ${tag}`,
    startOffset: -1,
    endOffset: 1,
    students: [student],
    sessions: [{ dayOffset: 0, from: "00:00", to: "23:59" }],
  });
  await page.goto(`/biometric/courses/${course.id}/sessions/${course.sessions[0]!.id}`);
  const row = page.getByRole("listitem", { name: student.fullname });

  await test.step("the entry: reason 'Cámara no disponible' and the password again (a wrong one is refused)", async () => {
    await row.getByRole("button", { name: "Registro manual" }).click();
    const dialog = page.getByRole("dialog", { name: "Entrada manual" });
    await expect(dialog.getByRole("radio", { name: "Olvidó fichar la salida" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Registrar entrada manual" }).click();
    await expect(dialog.getByText("Elige el motivo")).toBeVisible();
    await dialog.getByRole("radio", { name: "Cámara no disponible" }).check();
    await confirmPassword(dialog, "no-es-la-buena");
    await dialog.getByRole("button", { name: "Registrar entrada manual" }).click();
    await expect(dialog.getByText("La contraseña no es correcta")).toBeVisible();
    await confirmPassword(dialog, PASSWORD);
    await dialog.getByRole("button", { name: "Registrar entrada manual" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText(/^Entrada: \d{2}:\d{2}$/)).toBeVisible();
    await expect(row).toContainText("Entrada: Manual · Cámara no disponible");
    await expect(row).toContainText(DEMO_USERS.admin.name);
  });

  await test.step("the exit: 'Otro' needs its text", async () => {
    await row.getByRole("button", { name: "Registro manual" }).click();
    const dialog = page.getByRole("dialog", { name: "Salida manual" });
    await dialog.getByRole("radio", { name: "Otro" }).check();
    await confirmPassword(dialog, PASSWORD);
    await dialog.getByRole("button", { name: "Registrar salida manual" }).click();
    await expect(dialog.locator("#manual-note-error")).toHaveText("Describe el motivo");
    await dialog.getByLabel("Describe el motivo").fill("Se marchó a una revisión médica");
    await dialog.getByRole("button", { name: "Registrar salida manual" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText(/^Salida: \d{2}:\d{2}$/)).toBeVisible();
    await expect(row).toContainText("Salida: Manual · Otro: Se marchó a una revisión médica");
    await expect(row.getByRole("button", { name: /Registr/ })).toHaveCount(0);
  });

  await test.step("before the download, the screen says how many lines of the file are manual", async () => {
    await expect(page.getByRole("status", { name: "Resumen del informe de asistencia" })).toHaveText(
      "Informe de asistencia: 1 línea, 1 manual (con una hora registrada a mano o corregida). El archivo no lo indica: revísalas antes de subirlo.",
    );
    await screenshots(page, "manual-session");
  });

  await test.step("the student's record shows the session with both reasons", async () => {
    await page.goto(`/biometric/students/${student.id}`);
    const session = page.getByRole("list", { name: "Sesiones del alumno" }).getByRole("listitem");
    await expect(session).toHaveCount(1);
    await expect(session).toContainText("Entrada: Manual · Cámara no disponible");
    await expect(session).toContainText("Salida: Manual · Otro: Se marchó a una revisión médica");
    await screenshots(page, "student-record");
  });
});

test("the next day, an administrator corrects a forgotten exit and the Ministry file has the corrected time", async ({ page }) => {
  await signIn(page, "admin");
  const tag = uniqueTag();
  const [enrolled, visitor] = [await createCapStudent(page.request, "Rosa", `Puntual${tag}`), await createCapStudent(page.request, "Tomás", `Olvidadizo${tag}`)];
  const course = await createCapCourse(page.request, {
    name: `CAP Mercancías ${tag}`,
    startOffset: -3,
    endOffset: 3,
    students: [enrolled],
    sessions: [{ dayOffset: -1 }],
  });
  const session = course.sessions[0]!;
  const yesterday = schoolDate(-1);
  // Yesterday, with the spec's 'Añadir alumno a la sesión': Tomás clocked in at 08:02 and never clocked out.
  const added = await page.request.post("/api/administrator/cap/cap-attendance", {
    headers: { origin: new URL(page.url()).origin },
    data: { capSessionId: session.id, studentId: visitor.id, in: zonedInstant(yesterday, "08:02", "Europe/Madrid").toISOString() },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto(`/biometric/courses/${course.id}/sessions/${session.id}`);
  const row = page.getByRole("listitem", { name: visitor.fullname });
  await expect(row.getByText("Salida: --:--")).toBeVisible();
  await expect(page.getByRole("status", { name: "Resumen del informe de asistencia" })).toHaveCount(0);

  await test.step("a time outside the session is refused; the exit at 17:58 with its reason is kept", async () => {
    await row.getByRole("button", { name: "Corregir" }).click();
    const dialog = page.getByRole("dialog", { name: "Corregir asistencia" });
    await expect(dialog.getByRole("radio", { name: "Salida" })).toBeChecked();
    await expect(dialog).toContainText("Registrada: sin registrar");
    await dialog.getByLabel("Nueva hora de salida").fill("18:30");
    await dialog.getByLabel("Motivo de la corrección").fill("Olvidó fichar; hora según la hoja de firmas");
    await confirmPassword(dialog, PASSWORD);
    await dialog.getByRole("button", { name: "Guardar corrección" }).click();
    await expect(dialog.getByText("La hora debe estar dentro del horario de la sesión (08:00 - 18:00)")).toBeVisible();
    await dialog.getByLabel("Nueva hora de salida").fill("17:58");
    await screenshots(page, "correction-dialog");
    await dialog.getByRole("button", { name: "Guardar corrección" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText("Salida: 17:58")).toBeVisible();
    await expect(row).toContainText("Salida: Corregida · Olvidó fichar; hora según la hoja de firmas");
  });

  await test.step("the history keeps what the time was before", async () => {
    await row.getByRole("button", { name: "Corregir" }).click();
    const dialog = page.getByRole("dialog", { name: "Corregir asistencia" });
    const history = dialog.getByRole("region", { name: "Historial de correcciones" });
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history).toContainText("Salida: sin registrar → 17:58");
    await expect(history).toContainText(DEMO_USERS.admin.name);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
  });

  await test.step("the file uses the corrected time, and the screen counted the line as manual first", async () => {
    await expect(page.getByRole("status", { name: "Resumen del informe de asistencia" })).toContainText("1 línea, 1 manual");
    await screenshots(page, "corrected-session");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Descargar informe de asistencia" }).click()]);
    const content = fs.readFileSync(await download.path(), "utf8");
    expect(content).toMatch(new RegExp(`^[^;]+;[^;]+;${toDisplay(yesterday).replace(/\//g, "\\/")};${visitor.dni};08:02;17:58\\r\\n$`));
  });
});
