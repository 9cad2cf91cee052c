import { expect, type Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { clickHydrated } from "./hydration";

// The other demo schools (Chromium resolves *.localhost to loopback): the money-mode one and the one without card
// payments.
export const norte = baseURL.replace("localhost", "norte.localhost");
export const sur = baseURL.replace("localhost", "sur.localhost");

export const DEMO_USERS = {
  student: { username: "alumno", password: "alumno123", name: "Lucía Martín García", home: "/student/reservations" },
  student2: { username: "alumno2", password: "alumno123", name: "Sara López Díaz", home: "/student/reservations" },
  instructor: { username: "profesor", password: "profesor123", name: "Carlos Ruiz Pérez", home: "/instructor/dashboard" },
  instructor2: { username: "profesora", password: "profesora123", name: "Marta Gómez", home: "/instructor/dashboard" },
  admin: { username: "admin", password: "admin123", name: "Ana Torres", home: "/administrator" },
} as const;

export type DemoUser = keyof typeof DEMO_USERS;

// Signs in any user of the school at `origin` through the real login form and waits for `home`.
export async function signInAt(page: Page, origin: string, username: string, password: string, home: RegExp) {
  await page.goto(`${origin}/login`);
  await page.getByLabel("DNI / Nombre de usuario").fill(username);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  // Sign-in hashes the password (Argon2) and the home renders on the server: seconds on a busy 2-core machine.
  await expect(page).toHaveURL(home, { timeout: 20_000 });
}

// Signs in a demo school's user through the real login form and waits for the role's home.
export async function signIn(page: Page, who: DemoUser, origin = "") {
  const user = DEMO_USERS[who];
  await signInAt(page, origin, user.username, user.password, new RegExp(`${user.home}$`));
  return user;
}

// Signs in through the BFF's API (faster, for tests that are not about the login screen).
export async function signInByApi(page: Page, who: DemoUser) {
  const user = DEMO_USERS[who];
  const response = await page.request.post("/api/login", { data: { username: user.username, password: user.password } });
  expect(response.ok()).toBeTruthy();
  return user;
}

/** Opens the profile menu (once its button is live: the shell arrives drawn from the server). */
export async function openProfileMenu(page: Page) {
  if (await page.getByRole("menu").isVisible()) return;
  await clickHydrated(page.getByRole("button", { name: "Menú de usuario" }));
  await expect(page.getByRole("menu")).toBeVisible();
}

export async function signOut(page: Page) {
  await openProfileMenu(page);
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/login$/);
}
