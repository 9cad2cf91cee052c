import { expect, test } from "@playwright/test";
import { signIn, signInByApi } from "../support/auth";

test("pages carry a nonce-based Content-Security-Policy and the app still runs under it", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const response = await page.goto("/login");
  const csp = response!.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(response!.headers()["x-frame-options"]).toBe("DENY");
  expect(response!.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // A second load gets another nonce.
  const again = await page.request.get("/login");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce!);
  await signIn(page, "student");
  await expect(page.getByRole("heading", { name: "Reservas", exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});

test("the camera is allowed on the biometric screens only, and API answers are not sniffable", async ({ page }) => {
  await signInByApi(page, "admin");
  const biometric = await page.goto("/biometric");
  expect(biometric!.headers()["permissions-policy"]).toContain("camera=(self)");
  const users = await page.goto("/administrator/users");
  expect(users!.headers()["permissions-policy"]).toContain("camera=()");
  const api = await page.request.get("/api/info");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a page path ending in a file extension is still guarded", async ({ page }) => {
  const anonymous = await page.goto("/biometric/students/x.png");
  await expect(page).toHaveURL(/\/login$/);
  expect(anonymous!.status()).toBe(200);
  await signInByApi(page, "student");
  const asStudent = await page.goto("/biometric/students/x.png");
  expect(asStudent!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "¡Vaya! Te has salido de la ruta" })).toBeVisible();
});

test("a state-changing call that rides the session cookie without showing its origin is refused", async ({ page }) => {
  await signInByApi(page, "student");
  const bare = await page.request.post("/api/auth/exit-impersonation");
  expect(bare.status()).toBe(403);
  const crossSite = await page.request.post("/api/auth/exit-impersonation", { headers: { "sec-fetch-site": "cross-site" } });
  expect(crossSite.status()).toBe(403);
});

test("HSTS, framing and referrer rules reach the browser on pages and on API answers (production build)", async ({ page }) => {
  const pageAnswer = (await page.goto("/login"))!.headers();
  const apiAnswer = await page.request.get("/api/info");
  expect(apiAnswer.status()).toBe(200);
  for (const headers of [pageAnswer, apiAnswer.headers()]) {
    expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  }
  expect(pageAnswer["content-security-policy"]).toContain("frame-ancestors 'none'");
});

test("every API answer carries a request id, and the generic server-error toast quotes it", async ({ page }) => {
  await signIn(page, "student");
  // The browser's own code reads it (same origin), one per request.
  const ids = await page.evaluate(async () => {
    const answers = [await fetch("/api/info"), await fetch("/api/session"), await fetch("/api/nope")];
    return answers.map((a) => a.headers.get("x-request-id"));
  });
  for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Set(ids).size).toBe(3);

  // The real call goes through (a wrong current password: nothing changes); its answer reaches the page as a server
  // failure that names no request id in its body, so the reference can only come from the BFF's header.
  let requestId = "";
  await page.route("**/api/auth/change-password", async (route) => {
    const real = await route.fetch();
    requestId = real.headers()["x-request-id"] ?? "";
    await route.fulfill({
      status: 500,
      headers: { "content-type": "application/json", "x-request-id": requestId },
      body: JSON.stringify({ error: "INTERNAL_SERVER_ERROR", message: "Ha ocurrido un error en el servidor" }),
    });
  });
  await page.goto("/cambiar-contrasena");
  await page.getByLabel("Contraseña actual").fill("no-es-la-mia");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("nuevaClave9");
  await page.getByLabel("Repetir nueva contraseña").fill("nuevaClave9");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByText("Error del servidor", { exact: true })).toBeVisible();
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText(`Ha ocurrido un error en el servidor (referencia ${requestId})`, { exact: true })).toBeVisible();
});
