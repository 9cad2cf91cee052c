import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test, type Browser, type Page } from "@playwright/test";
import { controlLetter } from "@/lib/cap/dni";
import { signIn } from "../support/auth";
import { liveVideo, stillVideo } from "./face-videos";
import { captureLive } from "./live-capture";

// Chromium's fake camera streams a fixture face (spec 001 §9 capture) as a .y4m video (face-videos.ts): a still photo
// for the references, and for the captures (issue 30: a still photo is refused) another photo of the same man made
// "alive" (a warped blink and head turns), and a third man the same way. The student keeps his name; the faces are
// Sheldon's and Stuart's, whose warped blinks the eye model reads (Leonard's glasses frames hide his).
const FACES_DIR = process.env.FACE_FIXTURES_DIR ?? path.resolve(process.cwd(), "../shared/fixtures/faces/bbt");
const FACES = { reference: "sheldon_1", attendance: "sheldon_2", impostor: "stuart_2" } as const;
type Face = keyof typeof FACES;

const suffix = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const randomDni = () => {
  const digits = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  return `${digits}${controlLetter(digits)}`;
};
const leonard = { firstname: "Leonardo", surname1: `Hofstadter${suffix}`, dni: randomDni() };
const amy = { firstname: "Amelia", surname1: `Fowler${suffix}`, dni: randomDni() };
const fullName = (s: typeof leonard) => `${s.firstname} ${s.surname1}`;
const section = { name: `Centro Norte ${suffix}`, authorizationNumber: `CAP-28-${Math.floor(1000 + Math.random() * 8999)}` };
const course = { name: `CAP Mercancías ${suffix}`, code: `28/2026/${suffix.toUpperCase()}` };

const madridDate = (offsetDays = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date(Date.now() + offsetDays * 86_400_000));
const toDisplay = (iso: string) => iso.split("-").reverse().join("/");

let videoDir = "";
const video = (face: Face) => path.join(videoDir, `${FACES[face]}.y4m`);

test.beforeAll(async () => {
  test.skip(!fs.existsSync(FACES_DIR), `face fixtures not found in ${FACES_DIR}`);
  test.setTimeout(240_000);
  videoDir = fs.mkdtempSync(path.join(os.tmpdir(), "cap-faces-"));
  await stillVideo(`bbt/${FACES.reference}.jpg`, video("reference"));
  await liveVideo(`bbt/${FACES.attendance}.jpg`, video("attendance"));
  await liveVideo(`bbt/${FACES.impostor}.jpg`, video("impostor"));
});

test.afterAll(() => {
  if (videoDir) fs.rmSync(videoDir, { recursive: true, force: true });
});

test("an administrator runs a CAP session with face-verified entry and exit and downloads the attendance file", async ({
  launchOptions,
  baseURL,
  locale,
  timezoneId,
}) => {
  // Four live captures, each with up to three attempts (live-capture.ts).
  test.setTimeout(480_000);
  const browsers: Browser[] = [];
  // One browser per streamed face: Chromium reads its fake camera file once, at launch.
  const openAs = async (face: Face): Promise<Page> => {
    const browser = await chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video(face)}`],
    });
    browsers.push(browser);
    const context = await browser.newContext({ baseURL, locale, timezoneId, viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, "admin");
    return page;
  };

  try {
    const page = await openAs("reference");
    let sessionUrl = "";

    await test.step("a section with the centre authorization number", async () => {
      await page.getByRole("link", { name: "Secciones" }).click();
      await page.getByRole("button", { name: "Nueva sección" }).click();
      const dialog = page.getByRole("dialog", { name: "Nueva sección" });
      await dialog.getByLabel("Nombre").fill(section.name);
      await dialog.getByLabel("Número de autorización del centro").fill(section.authorizationNumber);
      await dialog.getByRole("button", { name: "Guardar" }).click();
      await expect(page.getByRole("listitem", { name: section.name })).toContainText(section.authorizationNumber);
    });

    await test.step("two CAP students without a login", async () => {
      for (const student of [leonard, amy]) {
        await page.goto("/biometric/students");
        await page.getByRole("button", { name: "Nuevo alumno" }).click();
        const dialog = page.getByRole("dialog", { name: "Nuevo alumno" });
        await dialog.getByLabel("Nombre", { exact: true }).fill(student.firstname);
        await dialog.getByLabel("Primer apellido").fill(student.surname1);
        await dialog.getByLabel("DNI/NIE").fill(student.dni);
        await dialog.getByRole("button", { name: "Crear alumno" }).click();
        await expect(dialog).toBeHidden();
      }
      await page.getByLabel("Buscar alumnos").fill(suffix);
      await expect(page.getByText("Mostrando 2 de 2 estudiantes")).toBeVisible();
    });

    await test.step("a course running today, which opens on its empty enrolments", async () => {
      await page.getByRole("link", { name: "Cursos CAP" }).click();
      await page.getByRole("link", { name: "NUEVO CURSO" }).click();
      await expect(page.getByRole("heading", { name: "Nuevo curso CAP" })).toBeVisible();
      await page.getByLabel("Nombre").fill(course.name);
      await page.getByLabel("Código").fill(course.code);
      await page.getByLabel("Sección").selectOption({ label: section.name });
      await page.getByLabel("Fecha de inicio").fill(madridDate(0));
      await page.getByLabel("Fecha de fin").fill(madridDate(30));
      await page.getByRole("button", { name: "Crear curso" }).click();
      await expect(page.getByRole("heading", { name: course.name })).toBeVisible();
      await expect(page.getByRole("tab", { name: "Alumnos inscritos" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByText("No hay alumnos inscritos en este curso")).toBeVisible();
    });

    await test.step("both students enrolled from the keyboard", async () => {
      await page.getByRole("button", { name: "Inscribir más alumnos" }).click();
      const dialog = page.getByRole("dialog", { name: "Inscribir alumnos" });
      const search = dialog.getByRole("combobox");
      await expect(dialog.getByRole("button", { name: "Inscribir 0 alumnos" })).toBeDisabled();
      await search.fill(`nadie-${suffix}`);
      await expect(dialog.getByText("No se encontraron alumnos disponibles")).toBeVisible();
      await search.press("Escape");
      await expect(search).toHaveValue("");
      await expect(dialog).toBeVisible();
      await search.fill(leonard.dni);
      await expect(dialog.getByRole("option", { name: new RegExp(fullName(leonard)) })).toBeVisible();
      await search.press("Enter");
      await search.fill(suffix);
      await expect(dialog.getByRole("option")).toHaveCount(1); // Leonardo is pending, so only Amelia is offered
      await search.press("ArrowDown");
      await search.press("Enter");
      await dialog.getByRole("button", { name: "Inscribir 2 alumnos" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("row", { name: new RegExp(leonard.dni) })).toContainText(toDisplay(madridDate(0)));
      await expect(page.getByRole("row", { name: new RegExp(amy.dni) })).toBeVisible();
    });

    await test.step("today's session with explicit times that cover the whole day", async () => {
      await page.getByRole("tab", { name: "Sesiones" }).click();
      await page.getByRole("button", { name: "Crear sesión para hoy" }).click();
      const dialog = page.getByRole("dialog", { name: "Crear nueva sesión" });
      await expect(dialog.getByLabel("Fecha")).toHaveValue(madridDate(0));
      await expect(dialog.getByText("La sesión utilizará horarios por defecto (8:00 AM - 6:00 PM)")).toBeVisible();
      await dialog.getByLabel("Horario específico").check();
      await dialog.getByLabel("Hora de inicio").fill("00:00");
      await dialog.getByLabel("Hora de fin").fill("23:59");
      await dialog.getByRole("button", { name: "Crear sesión" }).click();
      const today = page.getByRole("region", { name: "Sesión de hoy" });
      await today.getByRole("link", { name: new RegExp(`${course.name} - ${toDisplay(madridDate(0))}`) }).click();
      // The course page has the same heading: wait for the session's own URL before keeping it.
      await expect(page).toHaveURL(/\/biometric\/courses\/[^/]+\/sessions\/[^/]+$/);
      await expect(page.getByRole("listitem", { name: fullName(leonard) })).toBeVisible();
      sessionUrl = page.url();
    });

    await test.step("Leonardo's biometric reference, captured from the camera", async () => {
      await page.goto("/biometric/students");
      await page.getByLabel("Buscar alumnos").fill(leonard.dni);
      await page.getByRole("link", { name: new RegExp(fullName(leonard)) }).click();
      await page.getByRole("button", { name: "Capturar referencia biométrica" }).click();
      const dialog = page.getByRole("dialog", { name: "Capturar referencia biométrica" });
      // Issue 30: five photos, each checked by the server as it is taken ('Listo para capturar' once the face is good).
      await expect(dialog.getByText("Listo para capturar")).toBeVisible({ timeout: 60_000 });
      for (let i = 1; i <= 5; i++) {
        await dialog.getByRole("button", { name: "Capturar", exact: true }).click();
        await expect(dialog.getByRole("img", { name: `Foto de referencia ${i}` })).toBeVisible({ timeout: 60_000 });
      }
      // The frame as the camera gives it (640×480 here), not stretched to the 1280×720 asked for: a stretched face
      // moves the reference away from the person.
      const preview = dialog.getByRole("img", { name: "Foto de referencia 1" });
      expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([640, 480]);
      await dialog.getByRole("button", { name: "Guardar referencia" }).click();
      await expect(dialog).toBeHidden({ timeout: 60_000 });
      await expect(page.getByRole("img", { name: "Referencia biométrica del alumno" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Actualizar referencia biométrica" })).toBeVisible();
    });
    await browsers.shift()!.close();

    const desk = await openAs("attendance");
    await desk.goto(sessionUrl);
    const leonardRow = desk.getByRole("listitem", { name: fullName(leonard) });
    const amyRow = desk.getByRole("listitem", { name: fullName(amy) });

    await test.step("entry: another photo of the same face is 'Identificado'", async () => {
      await capture(desk, leonardRow, "Registrar entrada", "Registrar Entrada");
      await expect(leonardRow.getByText(/^Entrada: \d{2}:\d{2}$/)).toBeVisible();
      await expect(leonardRow.getByRole("button", { name: "Registrar entrada" })).toHaveCount(0);
    });

    await test.step("a student without a reference gets the capture saved as the reference first", async () => {
      await amyRow.getByRole("button", { name: "Registrar entrada" }).click();
      await expect(desk.getByRole("dialog", { name: "Registrar Entrada" })).toContainText("la captura se guardará como referencia");
      await desk.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
      await capture(desk, amyRow, "Registrar entrada", "Registrar Entrada");
      await expect(amyRow.getByText(/^Entrada: \d{2}:\d{2}$/)).toBeVisible();
    });

    await test.step("exit: a different person in front of the camera is rejected", async () => {
      const impostor = await openAs("impostor");
      await impostor.goto(sessionUrl);
      const row = impostor.getByRole("listitem", { name: fullName(leonard) });
      await row.getByRole("button", { name: "Registrar salida" }).click();
      const dialog = impostor.getByRole("dialog", { name: "Registrar Salida" });
      await expect(dialog.getByRole("button", { name: "Capturar" })).toBeEnabled({ timeout: 20_000 });
      // He passes the challenge (he is alive), and his face is not the reference's.
      await captureLive(impostor, dialog, "not-matched");
      await expect(dialog.getByText("Error de verificación biométrica")).toBeVisible();
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await expect(row.getByText("Salida: --:--")).toBeVisible();
      await browsers.pop()!.close();
    });

    await test.step("exit: the right face is 'Identificado'", async () => {
      await capture(desk, leonardRow, "Registrar salida", "Registrar Salida");
      await expect(leonardRow.getByText(/^Salida: \d{2}:\d{2}$/)).toBeVisible();
      await expect(leonardRow.getByRole("button", { name: /Registrar/ })).toHaveCount(0);
    });

    await test.step("the attendance file has one line: the student with both entry and exit", async () => {
      const entry = (await leonardRow.getByText(/^Entrada: /).textContent())!.replace("Entrada: ", "");
      const exit = (await leonardRow.getByText(/^Salida: /).textContent())!.replace("Salida: ", "");
      const [download] = await Promise.all([desk.waitForEvent("download"), desk.getByRole("button", { name: "Descargar informe de asistencia" }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.txt$/);
      const content = fs.readFileSync(await download.path(), "utf8");
      expect(content).toBe(`${section.authorizationNumber};${course.code};${toDisplay(madridDate(0))};${leonard.dni};${entry};${exit}\r\n`);
      const dialog = desk.getByRole("dialog", { name: "Informe descargado" });
      await expect(dialog.getByRole("link", { name: "Aplicación CAP del Ministerio de Transportes" })).toHaveAttribute("href", "https://sede.transportes.gob.es/");
    });
  } finally {
    await Promise.all(browsers.map((b) => b.close()));
  }
});

async function capture(page: Page, row: ReturnType<Page["getByRole"]>, button: string, title: string) {
  await row.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByRole("button", { name: "Capturar" })).toBeEnabled({ timeout: 20_000 });
  // 'Identificado' shows for only 500 ms before the dialog closes (spec §9): a loaded machine can let a polling
  // assertion miss it, so the page itself records whether the dialog ever said it.
  await page.evaluate((name) => {
    const w = window as unknown as { __identified?: boolean };
    w.__identified = false;
    const observer = new MutationObserver(() => {
      const open = [...document.querySelectorAll('[role="dialog"]')].find((d) => d.getAttribute("aria-labelledby") && d.textContent?.includes(name));
      if (open?.textContent?.includes("Identificado")) {
        w.__identified = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, title);
  // Issue 30: the live capture runs its challenge (a blink and a head turn) before 'Escaneando...'.
  await captureLive(page, dialog, "identified");
  expect(await page.evaluate(() => (window as unknown as { __identified?: boolean }).__identified)).toBe(true);
}
