import { expect, test } from "@playwright/test";
import { signInByApi } from "../support/auth";

const VIEWER_ERROR = "Error al cargar el contenido. Por favor, inténtalo de nuevo.";

test("the student is told in Spanish when the library or a file cannot load, and 'Volver' goes back", async ({ page }) => {
  await signInByApi(page, "student");
  await page.goto("/student/reservations");

  // The library itself fails: the spec's error screen, whose 'Volver' returns to the page before.
  await page.route("**/api/student/content", (route) =>
    route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ error: "NOT_FOUND", message: "No encontrado" }) }),
  );
  await page.goto("/student/content");
  await expect(page.getByText("Error al cargar el contenido", { exact: true })).toBeVisible();
  await expect(page.getByText("No se pudo cargar el contenido solicitado.")).toBeVisible();
  await page.getByRole("button", { name: "Volver" }).click();
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await page.unroute("**/api/student/content");

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
