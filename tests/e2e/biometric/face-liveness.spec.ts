import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { signInByApi } from "../support/auth";
import { createCapCourse, createCapStudent, uniqueTag, waitForRoomInSchoolDay, type CapCourseRef, type CapStudentRef } from "../support/cap-course";
import { FACES_DIR, liveVideo, stillVideo } from "./face-videos";
import { captureLive } from "./live-capture";

// Issue 30: a live face passes and a still photo of the same face is refused. Chromium's fake camera streams videos
// made here from a fixture photo (face-videos.ts): the photo itself (a printed photo or a screen held still), and the
// photo "alive" (a warped blink and head turns, with sensor noise). The student's references are taken in the reference
// dialog from the camera, five photos.

// The references are taken from one photo, the captures show another photo of the same man (sheldon_2: his warped
// blink reads clearly; Leonard's thick glasses frames hide it from the eye model).
const REFERENCE_PHOTO = "bbt/sheldon_1.jpg";
const PHOTO = "bbt/sheldon_2.jpg";
let videoDir = "";
type Kind = "reference" | "still" | "live";
const video = (kind: Kind) => path.join(videoDir, `${kind}.y4m`);
const tag = uniqueTag();
let student: CapStudentRef;
let course: CapCourseRef;

test.beforeAll(async ({ browser }) => {
  test.skip(!fs.existsSync(path.join(FACES_DIR, PHOTO)), `face fixtures not found in ${FACES_DIR}`);
  // The four journeys take a few minutes and need today's session current throughout (near midnight: up to 15 more).
  test.setTimeout(240_000 + 16 * 60_000);
  await waitForRoomInSchoolDay(15);
  videoDir = fs.mkdtempSync(path.join(os.tmpdir(), "cap-live-"));
  await stillVideo(REFERENCE_PHOTO, video("reference"));
  await stillVideo(PHOTO, video("still"));
  await liveVideo(PHOTO, video("live"));
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInByApi(page, "admin");
  student = await createCapStudent(page.request, "Sheldon", `Vivo${tag}`);
  course = await createCapCourse(page.request, { name: `CAP Viajeros ${tag}`, startOffset: 0, endOffset: 10, students: [student], sessions: [{ dayOffset: 0, from: "00:00", to: "23:59" }] });
  await context.close();
});

test.afterAll(() => {
  if (videoDir) fs.rmSync(videoDir, { recursive: true, force: true });
});

const browsers: Browser[] = [];
test.afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

/** A browser whose camera streams `kind` (Chromium reads its fake camera file once, at launch). */
async function withCamera(kind: Kind, launchOptions: object, phone = false): Promise<{ context: BrowserContext; page: Page }> {
  const options = launchOptions as { args?: string[] };
  const browser = await chromium.launch({
    ...options,
    args: [...(options.args ?? []), "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video(kind)}`],
  });
  browsers.push(browser);
  const device = phone ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } };
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "es-ES", timezoneId: "Europe/Madrid", ...device });
  const page = await context.newPage();
  await signInByApi(page, "admin");
  return { context, page };
}

async function openCapture(page: Page) {
  await page.goto(`/biometric/courses/${course.id}/sessions/${course.sessions[0]!.id}`);
  await page.getByRole("listitem", { name: student.fullname }).getByRole("button", { name: "Registrar entrada" }).click();
  const dialog = page.getByRole("dialog", { name: "Registrar Entrada" });
  await expect(dialog.getByRole("button", { name: "Capturar" })).toBeEnabled({ timeout: 30_000 });
  return dialog;
}

test.describe.serial("live face capture", () => {
  test("five references are taken from the camera with guidance", async ({ launchOptions }) => {
    test.setTimeout(180_000);
    const { page } = await withCamera("reference", launchOptions);
    await page.goto(`/biometric/students/${student.id}`);
    await page.getByRole("button", { name: "Capturar referencia biométrica" }).click();
    const dialog = page.getByRole("dialog", { name: "Capturar referencia biométrica" });
    await expect(dialog.getByText("Listo para capturar")).toBeVisible({ timeout: 60_000 });
    const save = dialog.getByRole("button", { name: "Guardar referencia" });
    await expect(save).toBeDisabled();
    for (let i = 1; i <= 5; i++) {
      await dialog.getByRole("button", { name: "Capturar", exact: true }).click();
      await expect(dialog.getByRole("img", { name: `Foto de referencia ${i}` })).toBeVisible({ timeout: 60_000 });
      // Saving waits for the fifth photo: three were the old minimum, and the camera is there.
      if (i === 3) await expect(save).toBeDisabled();
    }
    await expect(dialog.getByText("5 de 5 fotos")).toBeVisible();
    // Full: no sixth photo.
    await expect(dialog.getByRole("button", { name: "Capturar", exact: true })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath("reference-dialog-1280x800.png") });
    await save.click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });
    await expect(page.getByText(/^5 fotos · Creada el/)).toBeVisible();
  });

  test("without a camera, three uploaded photos are enough", async ({ launchOptions }) => {
    test.setTimeout(180_000);
    // No fake device: getUserMedia finds no camera, as on an office computer without one.
    const browser = await chromium.launch({ ...(launchOptions as object), args: [...((launchOptions as { args?: string[] }).args ?? []), "--use-fake-ui-for-media-stream"] });
    browsers.push(browser);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "es-ES", timezoneId: "Europe/Madrid", viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInByApi(page, "admin");
    const other = await createCapStudent(page.request, "Sheldon", `Subida${tag}`);
    await page.goto(`/biometric/students/${other.id}`);
    await page.getByRole("button", { name: "Capturar referencia biométrica" }).click();
    const dialog = page.getByRole("dialog", { name: "Capturar referencia biométrica" });
    await expect(dialog.getByText("No se ha podido acceder a la cámara. Comprueba los permisos del navegador o sube entre 3 y 5 fotos.")).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText("0 de 3–5 fotos")).toBeVisible();
    const save = dialog.getByRole("button", { name: "Guardar referencia" });
    const files = ["bbt/sheldon_1.jpg", "bbt/sheldon_2.jpg", "bbt/sheldon_1.jpg"];
    for (const [i, file] of files.entries()) {
      await expect(save).toBeDisabled();
      await dialog.locator('input[type="file"]').setInputFiles(path.join(FACES_DIR, file));
      await expect(dialog.getByRole("img", { name: `Foto de referencia ${i + 1}` })).toBeVisible({ timeout: 60_000 });
    }
    await expect(dialog.getByText("3 de 3–5 fotos")).toBeVisible();
    await save.click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });
    await expect(page.getByText(/^3 fotos · Creada el/)).toBeVisible();
  });

  test("a still photo of the right face is refused as not live", async ({ launchOptions }) => {
    test.setTimeout(180_000);
    const { page } = await withCamera("still", launchOptions);
    const dialog = await openCapture(page);
    await dialog.getByRole("button", { name: "Capturar" }).click();
    // The challenge asks for a blink or a turn; the photo never does either.
    await expect(dialog.getByTestId("live-prompt")).toHaveText(/Parpadea|Gira la cabeza/, { timeout: 30_000 });
    await page.screenshot({ path: test.info().outputPath("capture-dialog-challenge-1280x800.png") });
    await expect(dialog.getByText("No se ha superado la prueba de vida")).toBeVisible({ timeout: 90_000 });
    await expect(dialog.getByRole("button", { name: "Reintentar" })).toBeEnabled();
    await page.screenshot({ path: test.info().outputPath("capture-dialog-refused-1280x800.png") });
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(page.getByRole("listitem", { name: student.fullname }).getByText("Entrada: --:--")).toBeVisible();
  });

  test("the same face, alive, blinks and turns when asked and is 'Identificado'", async ({ launchOptions }) => {
    test.setTimeout(240_000);
    const { page } = await withCamera("live", launchOptions);
    const dialog = await openCapture(page);
    // 'Identificado' shows for 500 ms before the dialog closes (spec §9): the page records whether it was said.
    await page.evaluate(() => {
      const w = window as unknown as { __identified?: boolean };
      w.__identified = false;
      const observer = new MutationObserver(() => {
        if (document.querySelector('[role="dialog"]')?.textContent?.includes("Identificado")) w.__identified = true;
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await captureLive(page, dialog, "identified");
    expect(await page.evaluate(() => (window as unknown as { __identified?: boolean }).__identified)).toBe(true);
    await expect(page.getByRole("listitem", { name: student.fullname }).getByText(/^Entrada: \d{2}:\d{2}$/)).toBeVisible();
  });

  test("the capture dialog on a phone (390x844) during the challenge", async ({ launchOptions }) => {
    test.setTimeout(180_000);
    // Every step has its own limit: a step that waits for the test's limit says nothing of what it waited for.
    const step = { timeout: 30_000 };
    const { page } = await withCamera("still", launchOptions, true);
    await page.goto(`/biometric/courses/${course.id}/sessions/${course.sessions[0]!.id}`, step);
    // The entry is registered: the exit's capture shows the same dialog.
    await page.getByRole("listitem", { name: student.fullname }).getByRole("button", { name: "Registrar salida" }).click(step);
    const dialog = page.getByRole("dialog", { name: "Registrar Salida" });
    await expect(dialog.getByRole("button", { name: "Capturar" })).toBeEnabled(step);
    await page.screenshot({ path: test.info().outputPath("capture-dialog-390x844.png"), ...step });
    await dialog.getByRole("button", { name: "Capturar" }).click(step);
    await expect(dialog.getByTestId("live-prompt")).toHaveText(/Parpadea|Gira la cabeza/, step);
    // The dialog's action during the challenge is a 44 px target. Measured at once, and by either of its names: the
    // challenge lasts 30 s from its start, and on a loaded machine the photo may be refused ('Reintentar') before this.
    const action = dialog.getByRole("button", { name: /^(Capturando\.\.\.|Reintentar)$/ });
    expect((await action.boundingBox(step))!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: test.info().outputPath("capture-dialog-challenge-390x844.png"), ...step });
    await dialog.getByRole("button", { name: "Cancelar" }).click(step);
    await expect(dialog).toBeHidden();
  });
});
