import { expect, type Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { signInByApi } from "./auth";

export type FreshStudent = { id: string; username: string; password: string; name: string };

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/**
 * A student the demo school's office signs up now: no conversations, no movements, no instructor yet (every demo
 * student has some). Created through the BFF with the administrator's session, which stays on the page.
 */
export async function createFreshStudent(page: Page, firstName: string): Promise<FreshStudent> {
  await signInByApi(page, "admin");
  const number = Date.now() % 100_000_000;
  const dni = `${String(number).padStart(8, "0")}${DNI_LETTERS[number % 23]}`;
  const username = `e2e.${number}`;
  const password = "nuevo123";
  const response = await page.request.post("/api/administrator/users", {
    // The BFF refuses cookie-carrying writes that do not say they come from our own pages.
    headers: { origin: baseURL },
    data: { firstName, surname1: "Prueba", dni, username, kind: "student", access: "password", password },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string; name: string } };
  return { id: user.id, username, password, name: user.name };
}

/** Drops whatever session the page has and signs the student in through the login form. */
export async function signInAsStudent(page: Page, student: FreshStudent) {
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("DNI / Nombre de usuario").fill(student.username);
  await page.getByLabel("Contraseña", { exact: true }).fill(student.password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).toHaveURL(/\/student\/reservations$/);
}
