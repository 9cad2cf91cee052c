import { expect, test } from "@playwright/test";
import { signInByApi } from "../support/auth";
import { createFreshStudent, signInAsStudent } from "../support/fresh-student";

// The practice history's empty states (first document §2 'Practice history').
const HISTORY = "**/api/student/practices/history";

const monthTitle = (key: string) => {
  const text = new Intl.DateTimeFormat("es-ES", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${key}-01T00:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
};
const monthBefore = (key: string) => {
  const [y, m] = key.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
};

test("a student with no finished practice sees 'No hay prácticas' and no month pager", async ({ page }) => {
  const student = await createFreshStudent(page, "Pilar");
  await signInAsStudent(page, student);
  await page.getByRole("link", { name: "Historial de prácticas" }).click();
  await expect(page.getByRole("heading", { name: "Historial de prácticas" })).toBeVisible();
  await expect(page.getByText("No hay prácticas", { exact: true })).toBeVisible();
  await expect(page.getByText("Tus prácticas finalizadas aparecerán aquí", { exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Meses" })).toHaveCount(0);
  await expect(page.getByTestId("practice-card")).toHaveCount(0);
});

test("a month the school's API lists without practices says 'No hay prácticas en este mes'", async ({ page }) => {
  await signInByApi(page, "student");
  // Our API lists only months with practices; an upstream driving-school API may list every month of the student's
  // course (first document §2: months in the order returned). The demo student's real history gets one such month
  // after its oldest one.
  let emptyMonth = "";
  await page.route(HISTORY, async (route) => {
    const response = await route.fetch();
    const history = (await response.json()) as Record<string, Record<string, unknown>>;
    const months = Object.keys(history);
    emptyMonth = monthBefore(months[months.length - 1]!);
    await route.fulfill({ response, json: { ...history, [emptyMonth]: {} } });
  });
  // The first view comes with the server's page; the browser reads the history again once mounted (refetchOnMount),
  // and that answer carries the extra month.
  const served = page.waitForResponse(HISTORY);
  await page.goto("/student/practices/history");
  await served;
  await expect(page.getByTestId("practice-card").first()).toBeVisible();
  await expect(page.getByText("No hay prácticas en este mes")).toHaveCount(0);

  // Back one month per click until the extra month shows; a click before hydration or before the new answer is drawn
  // does nothing, so each step checks what is on screen rather than counting clicks.
  const previous = page.getByRole("button", { name: "Anterior" });
  const month = page.getByTestId("practice-month");
  await expect(async () => {
    if ((await month.textContent()) !== monthTitle(emptyMonth) && (await previous.isEnabled())) await previous.click();
    await expect(month).toHaveText(monthTitle(emptyMonth), { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText("No hay prácticas en este mes", { exact: true })).toBeVisible();
  await expect(page.getByTestId("practice-card")).toHaveCount(0);
  // Not the empty history's text: there are practices in other months.
  await expect(page.getByText("No hay prácticas", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Siguiente" }).click();
  await expect(page.getByTestId("practice-card").first()).toBeVisible();
  await expect(page.getByText("No hay prácticas en este mes")).toHaveCount(0);
});
