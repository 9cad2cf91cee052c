import path from "node:path";
import { expect, test } from "@playwright/test";
import { signInByApi } from "../support/auth";
import { createCapStudent, uniqueTag } from "../support/cap-course";
import { describeOffenders, sidewaysOverflow, smallTargets } from "../support/touch-targets";
import { FACES_DIR } from "./face-videos";

// The reference dialog on a phone without a camera (this project's browser has no camera device): no black camera
// frame and no 'Capturar', three uploaded photos are enough, and each photo's 'Quitar la foto' is a 44 px target inside
// the photo's corner.
test("the reference dialog on a phone without a camera: uploads, 44 px targets, nothing wider than the screen", async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page, "admin");
  const student = await createCapStudent(page.request, "Sheldon", `Movil${uniqueTag()}`);
  await page.goto(`/biometric/students/${student.id}`);
  await page.getByRole("button", { name: "Capturar referencia biométrica" }).click();
  const dialog = page.getByRole("dialog", { name: "Capturar referencia biométrica" });
  await expect(dialog.getByText("No se ha podido acceder a la cámara. Comprueba los permisos del navegador o sube entre 3 y 5 fotos.")).toBeVisible({ timeout: 30_000 });
  await expect(dialog.locator("video")).toHaveCount(0);
  // Without a camera there is nothing to capture: only the upload is offered.
  await expect(dialog.getByRole("button", { name: "Capturar", exact: true })).toHaveCount(0);
  for (const [i, file] of ["bbt/sheldon_1.jpg", "bbt/sheldon_2.jpg", "bbt/sheldon_1.jpg"].entries()) {
    await dialog.locator('input[type="file"]').setInputFiles(path.join(FACES_DIR, file));
    await expect(dialog.getByRole("img", { name: `Foto de referencia ${i + 1}` })).toBeVisible({ timeout: 60_000 });
  }
  await expect(dialog.getByText("3 de 3–5 fotos")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Guardar referencia" })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath("reference-dialog-upload-390x844.png") });
  expect(describeOffenders("reference dialog", await smallTargets(page, dialog))).toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);
  // Removing a photo takes the count back below three: saving waits again.
  await dialog.getByRole("button", { name: "Quitar la foto 2" }).click();
  await expect(dialog.getByText("2 de 3–5 fotos")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Guardar referencia" })).toBeDisabled();
});
