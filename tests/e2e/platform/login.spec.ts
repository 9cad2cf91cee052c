import { expect, test, type Page } from "@playwright/test";
import { DEMO_USERS, norte, signIn, signOut } from "../support/auth";

// The throttle journey uses a user no other journey signs in as (Norte's instructor): it leaves the account backed off.
const target = { username: "norte.profesor", password: "profesor123" };

async function submitLogin(page: Page, password: string) {
  await page.getByLabel("DNI / Nombre de usuario").fill(target.username);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
}

test.describe("login", () => {
  test("validates the form before sending", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page.getByText("El nombre de usuario es obligatorio")).toBeVisible();
    await expect(page.getByText("La contraseña es obligatoria")).toBeVisible();
    await page.getByLabel("DNI / Nombre de usuario").fill("alumno");
    await page.getByLabel("Contraseña", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page.getByText("La contraseña debe tener al menos 6 caracteres")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("shows the server's message on wrong credentials and lets the password be shown", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("DNI / Nombre de usuario").fill("alumno");
    const password = page.getByLabel("Contraseña", { exact: true });
    await password.fill("incorrecta");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Mostrar contraseña" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page.locator("[data-slot=alert]")).toHaveText("Usuario o contraseña incorrectos");
  });

  test("keeps the token out of JavaScript and signs out completely", async ({ page, context }) => {
    await signIn(page, "student");
    const visible = await page.evaluate(() => document.cookie + JSON.stringify(window.localStorage));
    expect(visible).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    const session = (await context.cookies()).find((c) => c.name === "volante_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    await signOut(page);
    expect((await context.cookies()).find((c) => c.name === "volante_session")).toBeUndefined();
    await page.goto("/student/reservations");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("signs in with the DNI as well", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("DNI / Nombre de usuario").fill("12345678z");
    await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_USERS.student.password);
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page).toHaveURL(/\/student\/reservations$/);
  });

  test("while someone else's guesses hold the account back, the user's browsers still sign in and are told of them", async ({ page, browser }) => {
    await page.goto(`${norte}/login`);
    await submitLogin(page, target.password);
    await expect(page).toHaveURL(/norte\.localhost.*\/instructor\/dashboard$/);
    const device = (await page.context().cookies()).find((c) => c.name === "volante_device");
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/login" });
    expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(170 * 24 * 3600_000);
    await signOut(page);
    expect((await page.context().cookies()).find((c) => c.name === "volante_device")?.value).toBe(device!.value);

    // Another browser guesses five times: the account backs off for every browser it does not know. A sixth guess
    // has to solve the sign-in challenge first, and still fails (and counts).
    const attacker = await browser.newContext();
    const attackerPage = await attacker.newPage();
    await attackerPage.goto(`${norte}/login`);
    for (let i = 0; i < 5; i++) {
      await submitLogin(attackerPage, `adivina-${i}`);
      await expect(attackerPage.locator("[data-slot=alert]")).toHaveText("Usuario o contraseña incorrectos");
      await expect(attackerPage.getByRole("button", { name: "Iniciar Sesión" })).toBeEnabled();
    }
    const challenged = attackerPage.waitForResponse((r) => r.url().endsWith("/api/login") && r.status() === 429);
    const checked = attackerPage.waitForResponse((r) => r.url().endsWith("/api/login") && r.status() === 401);
    await submitLogin(attackerPage, "adivina-5");
    expect((await (await challenged).json()).challenge).toMatchObject({ bits: 16 });
    expect(JSON.parse((await checked).request().postData()!)).toMatchObject({ challenge: expect.any(String), solution: expect.any(Number) });
    await expect(attackerPage.locator("[data-slot=alert]")).toHaveText("Usuario o contraseña incorrectos");
    await expect(attackerPage).toHaveURL(/\/login$/);
    await attacker.close();

    // The rightful user on a new browser (no device cookie): the form proves work, the right password gets in, and
    // the shell tells of the six failed attempts, once.
    const phone = await browser.newContext();
    const phonePage = await phone.newPage();
    await phonePage.goto(`${norte}/login`);
    const started = Date.now();
    const refused = phonePage.waitForResponse((r) => r.url().endsWith("/api/login") && r.status() === 429);
    await submitLogin(phonePage, target.password);
    await refused;
    await expect(phonePage).toHaveURL(/norte\.localhost.*\/instructor\/dashboard$/);
    expect(Date.now() - started).toBeLessThan(60_000);
    const notice = phonePage.getByRole("status").filter({ hasText: "Ha habido 6 intentos fallidos de acceso a tu cuenta desde tu último acceso." });
    await expect(notice).toBeVisible();
    await phonePage.reload();
    await expect(phonePage.getByRole("heading").first()).toBeVisible();
    await expect(notice).toHaveCount(0);
    await phone.close();

    // The user's own browser, which signed in before, is judged by its own failures only.
    await submitLogin(page, target.password);
    await expect(page).toHaveURL(/norte\.localhost.*\/instructor\/dashboard$/);
  });

  test("a session revoked elsewhere no longer renders the signed-in shell", async ({ page, browser }) => {
    await signIn(page, "student");
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, "student");
    // Signing out ends every session of the user (the session version moves on).
    await signOut(otherPage);
    await other.close();
    await page.waitForTimeout(5_500); // the proxy's per-process check lasts up to 5 s (lib/bff/session-check.ts)
    await page.goto("/student/reservations");
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).find((c) => c.name === "volante_session")).toBeUndefined();
  });
});
