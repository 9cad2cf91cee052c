import { expect, test } from "@playwright/test";
import { signInByApi } from "../support/auth";

const VIEWER_ERROR = "Error al cargar el contenido. Por favor, inténtalo de nuevo.";

test("the student is told in Spanish when a file cannot load, and 'Volver' goes back", async ({ page }) => {
  await signInByApi(page, "student");

  // (The library itself arrives drawn by the server; its error screen is checked in student-content.test.tsx.)
  // The files fail: each viewer shows the spec's text instead of the library's English default or a black box.
  await page.route("**/api/student/content/*/file", (route) => route.fulfill({ status: 500, body: "" }));
  await page.goto("/student/content");
  await page.getByLabel("Permiso").selectOption({ label: "Permiso B" });
  await page.getByRole("button", { name: "Ver contenidos" }).first().click();
  await page.getByRole("button", { name: "Temario y esquemas" }).click();
  await expect(page.getByTestId("content-viewer").getByText(VIEWER_ERROR)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("content-viewer").getByText(/error|failed|invalid/i)).toHaveText(VIEWER_ERROR);

  await page.getByRole("button", { name: "Volver" }).click();
  await page.getByRole("button", { name: "Volver" }).click();
  await page.getByRole("button", { name: "Ver contenidos" }).nth(1).click();
  await page.getByRole("button", { name: "Videoclase: señales de circulación" }).click();
  await expect(page.getByTestId("content-viewer").getByText(VIEWER_ERROR)).toBeVisible();
  await expect(page.getByTestId("content-video")).toHaveCount(0);
});
