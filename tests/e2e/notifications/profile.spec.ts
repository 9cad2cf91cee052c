import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { openProfileMenu } from "../support/auth";
import { createFreshStudent, signInAsStudent } from "../support/fresh-student";
import { toastTitled } from "../support/toast";
import { apiAs, lookAndScan } from "./support";

// Issue 29, 'Mi perfil': the person's e-mail address, what reaches them and how (a row per category with 'Push' and
// 'Correo'), quiet hours for push, and this device's push subscription.

type Preferences = { email: string | null; emailEnabled: boolean; pushEnabled: boolean; quietHours: boolean; categories: { category: string; push: boolean; email: boolean }[] };

const switchOf = (page: Page, name: string) => page.getByRole("switch", { name, exact: true });

// The wide screen at 1280×800 (the screenshots are looked at).
test.use({ viewport: { width: 1280, height: 800 } });

test("the e-mail address is checked and kept; preferences are saved and still there after a reload", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const student = await createFreshStudent(page, "Maite");
  await signInAsStudent(page, student);
  await openProfileMenu(page);
  await page.getByRole("menuitem", { name: "Mi perfil" }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mi perfil" })).toBeVisible();
  await lookAndScan(page, testInfo, "perfil-desktop");

  // A bad address is refused in Spanish, under the field.
  const email = page.getByLabel("Correo electrónico", { exact: true });
  await email.fill("maite@@correo");
  await page.getByRole("button", { name: "Guardar correo" }).click();
  await expect(page.getByText("El correo electrónico no es válido", { exact: true })).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");

  // A good one is kept as the school stores it (lower case).
  const address = `Maite.${Date.now()}@Ejemplo.es`;
  await email.fill(address);
  await page.getByRole("button", { name: "Guardar correo" }).click();
  await expect(toastTitled(page, "Correo electrónico guardado")).toBeVisible();
  await expect(email).toHaveValue(address.toLowerCase());

  // Another person cannot take it.
  await page.context().clearCookies();
  const other = await createFreshStudent(page, "Oihane");
  await signInAsStudent(page, other);
  await page.goto("/perfil");
  await page.getByLabel("Correo electrónico", { exact: true }).fill(address);
  await page.getByRole("button", { name: "Guardar correo" }).click();
  await expect(page.getByText("Ya hay otro usuario con ese correo electrónico", { exact: true })).toBeVisible();

  await page.context().clearCookies();
  await signInAsStudent(page, student);
  await page.goto("/perfil");
  await expect(page.getByLabel("Correo electrónico", { exact: true })).toHaveValue(address.toLowerCase());

  // The categories of a student, each with both switches; e-mail waits for the school's SMTP (off in the e2e server).
  const api = await apiAs(student);
  const saved = (await (await api.get("/api/notifications/preferences")).json()) as Preferences;
  await expect(page.getByTestId("preference-row")).toHaveCount(saved.categories.length);
  await expect(switchOf(page, "Reservas por push")).toHaveAttribute("aria-checked", "true");
  await expect(switchOf(page, "Mensajes por correo")).toHaveAttribute("aria-checked", "false");
  if (!saved.emailEnabled) {
    await expect(switchOf(page, "Reservas por correo")).toBeDisabled();
    await expect(switchOf(page, "Reservas por correo")).toHaveAccessibleDescription("El correo no está configurado en esta autoescuela.");
  }
  const quiet = switchOf(page, "Silenciar avisos push de 22:00 a 08:00");
  await expect(quiet).toHaveAttribute("aria-checked", "true");

  // Chat messages not by push, no quiet hours.
  const save = page.getByRole("button", { name: "Guardar preferencias" });
  await expect(save).toBeDisabled();
  await switchOf(page, "Mensajes por push").click();
  await quiet.click();
  await expect(switchOf(page, "Mensajes por push")).toHaveAttribute("aria-checked", "false");
  await save.click();
  await expect(toastTitled(page, "Preferencias guardadas")).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(switchOf(page, "Mensajes por push")).toHaveAttribute("aria-checked", "false");
  await expect(quiet).toHaveAttribute("aria-checked", "false");
  await expect(switchOf(page, "Reservas por push")).toHaveAttribute("aria-checked", "true");
  const after = (await (await api.get("/api/notifications/preferences")).json()) as Preferences;
  expect(after.quietHours).toBe(false);
  expect(after.categories.find((c) => c.category === "chat")).toMatchObject({ push: false, email: false });

  // The way to change the password.
  await page.getByRole("link", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL(/\/cambiar-contrasena$/, { timeout: 20_000 });
});

// Chromium here cannot reach a real push service: the browser's PushManager is replaced by one that hands out a
// subscription with genuine P-256 keys, so the page's own code (permission, service worker, subscribe, POST) runs.
async function stubPushManager(page: Page) {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString("base64url"), auth: crypto.randomBytes(16).toString("base64url") };
  const endpoint = `https://push.invalid/e2e/${crypto.randomUUID()}`;
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const w = window as unknown as { __pushKey?: string };
      let current: PushSubscription | null = JSON.parse(sessionStorage.getItem("e2e-push") ?? "false") ? make() : null;
      function make() {
        return {
          endpoint,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            current = null;
            sessionStorage.removeItem("e2e-push");
            return true;
          },
        } as unknown as PushSubscription;
      }
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey as Uint8Array | undefined;
        w.__pushKey = key ? btoa(String.fromCharCode(...key)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") : undefined;
        current = make();
        sessionStorage.setItem("e2e-push", "true");
        return current;
      };
      PushManager.prototype.getSubscription = async function () {
        return current;
      };
    },
    { endpoint, keys },
  );
  return { endpoint };
}

test("this device's notifications: allowed, subscribed with the school's key, stored; 'Desactivar' undoes it", async ({ page, context }) => {
  test.setTimeout(90_000);
  const student = await createFreshStudent(page, "Paula");
  await signInAsStudent(page, student);
  await context.grantPermissions(["notifications"]);
  const { endpoint } = await stubPushManager(page);
  await page.goto("/perfil");
  const card = page.getByTestId("push-device");
  await expect(card).toContainText("Recibe los avisos en este dispositivo aunque la aplicación esté cerrada.");

  const posted = page.waitForRequest((r) => r.url().endsWith("/api/notifications/push/subscriptions") && r.method() === "POST");
  await card.getByRole("button", { name: "Activar notificaciones en este dispositivo" }).click();
  const request = await posted;
  expect(request.postDataJSON()).toMatchObject({ endpoint, keys: { p256dh: expect.any(String), auth: expect.any(String) } });
  expect((await request.response())?.status()).toBe(201);
  await expect(toastTitled(page, "Notificaciones activadas en este dispositivo")).toBeVisible();
  await expect(card).toContainText("Las notificaciones están activadas en este dispositivo.");
  // Subscribed with the key the school publishes.
  const { publicKey } = (await (await page.request.get("/api/notifications/push/key")).json()) as { publicKey: string };
  expect(await page.evaluate(() => (window as unknown as { __pushKey?: string }).__pushKey)).toBe(publicKey);

  // Still on after a reload (the browser's subscription, made by this user).
  await page.reload();
  await expect(card).toContainText("Las notificaciones están activadas en este dispositivo.");

  const deleted = page.waitForRequest((r) => r.url().endsWith("/api/notifications/push/subscriptions") && r.method() === "DELETE");
  await card.getByRole("button", { name: "Desactivar" }).click();
  expect((await deleted).postDataJSON()).toEqual({ endpoint });
  expect((await (await deleted).response())?.status()).toBe(204);
  await expect(card.getByRole("button", { name: "Activar notificaciones en este dispositivo" })).toBeVisible();
});

test("a device that blocked notifications is told how to allow them", async ({ page, context }) => {
  const student = await createFreshStudent(page, "Rocío");
  await signInAsStudent(page, student);
  await context.clearPermissions();
  await page.addInitScript(() => Object.defineProperty(Notification, "permission", { get: () => "denied" }));
  await page.goto("/perfil");
  await expect(page.getByTestId("push-device")).toContainText("Has bloqueado las notificaciones de esta aplicación en el navegador.");
  await expect(page.getByRole("button", { name: "Activar notificaciones en este dispositivo" })).toHaveCount(0);
});

test("a browser without Web Push says so", async ({ page }) => {
  const student = await createFreshStudent(page, "Uxue");
  await signInAsStudent(page, student);
  await page.addInitScript(() => {
    delete (window as unknown as { PushManager?: unknown }).PushManager;
  });
  await page.goto("/perfil");
  await expect(page.getByTestId("push-device")).toContainText("Este navegador no admite notificaciones push.");
});

test("the office's user form takes an optional e-mail address, and one already in use is told under the field", async ({ page }) => {
  test.setTimeout(90_000);
  const student = await createFreshStudent(page, "Saioa");
  const api = await apiAs(student);
  const address = `saioa.${Date.now()}@ejemplo.es`;
  const set = await api.put("/api/me/email", { data: { email: address }, headers: { origin: baseURL } });
  expect(set.status(), await set.text()).toBe(200);

  // createFreshStudent left the administrator's session on the page.
  await page.goto("/administrator/users");
  await page.getByRole("button", { name: "Nuevo usuario" }).click();
  const form = page.getByRole("dialog", { name: "Nuevo usuario" });
  const email = form.getByLabel("Correo electrónico (opcional)");
  await expect(email).toHaveAttribute("type", "email");
  await form.getByLabel("Nombre", { exact: true }).fill("Sabela");
  await form.getByLabel("Primer apellido").fill("Prueba");
  const number = (Date.now() + 3) % 100_000_000;
  await form.getByLabel("DNI/NIE").fill(`${String(number).padStart(8, "0")}${"TRWAGMYFPDXBNJZSQVHLCKE"[number % 23]}`);
  await email.fill(address.toUpperCase());
  await form.getByRole("button", { name: "Crear usuario" }).click();
  await expect(form.getByText("Ya hay otro usuario con ese correo electrónico", { exact: true })).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
});
