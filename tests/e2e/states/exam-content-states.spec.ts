import { expect, test } from "@playwright/test";
import { signInByApi } from "../support/auth";
import { createFreshStudent, signInAsStudent } from "../support/fresh-student";

// Exams (second document §2, §8) and the content library (first document §2) when there is nothing to show, and exam
// results when loading fails. The library arrives drawn by the server (tests/e2e/platform/first-view.spec.ts); its
// 'Cargando contenido...' and error screens, shown when the browser has to read it itself, are checked in
// components/content/student-content.test.tsx.
const SERVER_ERROR = { error: "INTERNAL_SERVER_ERROR", message: "Ha ocurrido un error en el servidor" };

test("a student with no licence yet has no exams, no results and no contents", async ({ page }) => {
  const student = await createFreshStudent(page, "Elsa");
  await signInAsStudent(page, student);

  await page.getByRole("link", { name: "Próximos exámenes" }).click();
  await expect(page.getByRole("heading", { name: "Próximos exámenes" })).toBeVisible();
  await expect(page.getByText("No hay exámenes disponibles", { exact: true })).toBeVisible();
  await expect(page.getByTestId("upcoming-exam")).toHaveCount(0);

  await page.getByRole("link", { name: "Resultados de exámenes" }).click();
  await expect(page.getByRole("heading", { name: "Resultados de exámenes" })).toBeVisible();
  await expect(page.getByText("No hay resultados de exámenes", { exact: true })).toBeVisible();
  await expect(page.getByTestId("exam-result")).toHaveCount(0);

  await page.getByRole("link", { name: "Contenidos" }).click();
  await expect(page.getByText("No tienes contenidos disponibles en este momento.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ver contenidos" })).toHaveCount(0);
});

test("exam results that cannot be loaded: 'Error al cargar los resultados de exámenes', not the empty state", async ({ page }) => {
  await signInByApi(page, "student");
  await page.route("**/api/student/exam-attendances", (route) => route.fulfill({ status: 500, json: SERVER_ERROR }));
  await page.goto("/student/exams/results");
  // After the query's retries (first document §9): 1 s, 2 s and 4 s.
  await expect(page.getByRole("alert").filter({ hasText: "Error al cargar los resultados de exámenes" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("No hay resultados de exámenes")).toHaveCount(0);
  await expect(page.getByTestId("exam-result")).toHaveCount(0);
});
