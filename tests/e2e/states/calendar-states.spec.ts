import { expect, test } from "@playwright/test";
import { signInByApi } from "../support/auth";

// The student calendar's load failure (first document §2 'Calendar', §8): 'Error al cargar el calendario: {message}'.
const SERVER_ERROR = { error: "INTERNAL_SERVER_ERROR", message: "Ha ocurrido un error en el servidor" };

test("the calendar's events cannot be loaded: 'Error al cargar el calendario: {message}', gone once another range loads", async ({ page }) => {
  await signInByApi(page, "student");
  let isFailing = true;
  let failures = 0;
  await page.route(
    (url) => url.pathname === "/api/student/calendar",
    (route) => {
      if (!isFailing) return route.fallback();
      failures += 1;
      return route.fulfill({ status: 500, json: SERVER_ERROR });
    },
  );
  await page.goto("/student/calendar");
  await expect(page.getByRole("heading", { name: "Mi calendario" })).toBeVisible();

  // After the query's retries (first document §9): 1 s, 2 s and 4 s.
  const alert = page.getByRole("alert").filter({ hasText: "Error al cargar el calendario" });
  await expect(alert).toHaveText(`Error al cargar el calendario: ${SERVER_ERROR.message}`, { timeout: 20_000 });
  expect(failures).toBeGreaterThan(0);

  // The school answers again: the week view asks for its own range and the notice goes.
  isFailing = false;
  await page.getByRole("tab", { name: "Semana" }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId("student-calendar")).toBeVisible();
});

test("the calendar asks for its opening month once, before its own code has arrived, and draws it with its events", async ({ page }) => {
  await signInByApi(page, "student");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === "/api/student/calendar") asked.push(request.url());
  });
  await page.goto("/student/calendar");
  // The month is drawn (its table of days), and nothing more is on its way: on a busy machine the page can sit idle on the
  // network between its last chunk and hydration, so 'networkidle' alone may come before the first request.
  await expect(page.getByTestId("student-calendar").getByRole("table")).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await page.waitForLoadState("networkidle");
  // One request: the month the page asked for on opening is the one the calendar states when it opens.
  expect(asked).toHaveLength(1);
  const range = new URL(asked[0]!).searchParams;
  const days = (Date.parse(range.get("end")!) - Date.parse(range.get("start")!)) / 86_400_000;
  expect(Math.round(days)).toBe(42);
  // A Monday at midnight on the device's clock, as the calendar's weeks start.
  expect(await page.evaluate((start) => [new Date(start).getDay(), new Date(start).getHours()], range.get("start")!)).toEqual([1, 0]);

  await page.getByRole("tab", { name: "Semana" }).click();
  await expect.poll(() => asked.length).toBe(2);
});
