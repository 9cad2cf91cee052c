import { expect, test, type Page } from "@playwright/test";

// A slow phone: the public forms arrive as HTML before their code. What is typed meanwhile is kept and sent, and the
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

