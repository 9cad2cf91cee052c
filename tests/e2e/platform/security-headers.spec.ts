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
