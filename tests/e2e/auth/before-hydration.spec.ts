import { expect, test, type Page } from "@playwright/test";
import { signInByApi } from "../support/auth";
import { sameOrigin } from "../student/booking-support";

// A slow phone: pages arrive as HTML before their code. What is typed meanwhile is kept and sent, and the
// submit button waits for the code (before it, a tap or Enter would post the bare HTML form: a reload that empties it).

/** Holds the page's JavaScript until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/.*\.js(\?|$)/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test("sign-in: the fields typed before the code has loaded are the ones sent, and 'Iniciar Sesión' waits for the code", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/login", { waitUntil: "commit" });
  await page.getByLabel("DNI / Nombre de usuario").fill("nadie.antes");
  await page.getByLabel("Contraseña", { exact: true }).fill("escrita-antes-1");
  const submit = page.getByRole("button", { name: "Iniciar Sesión" });
  await expect(submit).toBeDisabled();
  release();
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/login" && r.method() === "POST");
  await submit.click();
  expect((await sent).postDataJSON()).toMatchObject({ username: "nadie.antes", password: "escrita-antes-1" });
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByLabel("DNI / Nombre de usuario")).toHaveValue("nadie.antes");
});

test("password recovery: the username typed before the code has loaded is sent, and 'Enviar enlace' waits for the code", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/recuperar-contrasena", { waitUntil: "commit" });
  await page.getByLabel("Usuario").fill("nadie.antes");
  const submit = page.getByRole("button", { name: "Enviar enlace" });
  await expect(submit).toBeDisabled();
  release();
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/auth/forgot-password" && r.method() === "POST");
  await submit.click();
  expect((await sent).postDataJSON()).toEqual({ username: "nadie.antes" });
  await expect(page.getByRole("status")).toContainText("te hemos enviado un enlace para crear una contraseña nueva");
});

// Signed-in pages drawn by the server: a filter typed and a form filled before the code has loaded are what the page
// then uses (React keeps the DOM's value when it hydrates; the fields hand it to the component's state).
test("the office's user search typed before the code has loaded filters the list", async ({ page }) => {
  await signInByApi(page, "admin");
  const release = await holdScripts(page);
  await page.goto("/administrator/users", { waitUntil: "commit" });
  const search = page.getByLabel("Buscar usuarios");
  await search.fill("Sara");
  release();
  await expect(page.getByRole("row", { name: /Sara López Díaz/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Marta/ })).toHaveCount(0);
  await expect(search).toHaveValue("Sara");
});

test("'Mi horario': a date and type chosen before the code has loaded are the ones saved", async ({ page }) => {
  await signInByApi(page, "instructor");
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(Date.now() + 60 * 86_400_000);
  const release = await holdScripts(page);
  await page.goto("/instructor/schedule", { waitUntil: "commit" });
  await page.getByLabel("Fecha").fill(date);
  await page.getByLabel("Tipo").selectOption({ label: "Horas extra" });
  const submit = page.getByRole("button", { name: "Añadir excepción" });
  await expect(submit).toBeDisabled();
  release();
  await expect(page.getByLabel("Desde *")).toBeVisible(); // the type reached the component: the hours are required
  await page.getByLabel("Desde *").fill("21:00");
  await page.getByLabel("Hasta *").fill("22:00");
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/instructor/availability/overrides" && r.method() === "POST");
  await submit.click();
  try {
    expect((await sent).postDataJSON()).toMatchObject({ date, type: "extra", start: "21:00", end: "22:00" });
    await expect(page.getByTestId("override-row")).toContainText("Horas extra");
  } finally {
    const { overrides } = (await (await page.request.get("/api/instructor/availability")).json()) as { overrides: { id: string; date: string }[] };
    for (const o of overrides.filter((o) => o.date === date)) {
      await page.request.delete(`/api/instructor/availability/overrides/${o.id}`, { headers: sameOrigin() });
    }
  }
});
