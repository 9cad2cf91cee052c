import { expect, test } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { signInByApi } from "../support/auth";
import { waitForMail } from "../support/mailbox";

// '¿Has olvidado tu contraseña?' end to end, through a real SMTP server: the office gives a student an e-mail
// address; the student asks for a link on the login page, opens the mail's link, sets a password and is inside.
test("a student gets back in through a link sent by e-mail, and is signed in after setting the password", async ({ page }) => {
  await signInByApi(page, "admin");
  const number = Date.now() % 100_000_000;
  const username = `olvido.${number}`;
  const email = `olvido.${number}@correo.test`;
  const created = await page.request.post("/api/administrator/users", {
    headers: { origin: baseURL },
    data: { firstName: "Olga", surname1: "Vidal", dni: `${String(number).padStart(8, "0")}${"TRWAGMYFPDXBNJZSQVHLCKE"[number % 23]}`, username, email, kind: "student", access: "password", password: "olvidada123" },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("link", { name: "¿Has olvidado tu contraseña?" }).click();
  await expect(page.getByRole("heading", { name: "Recuperar contraseña" })).toBeVisible();
  await page.getByLabel("Usuario").fill(username);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("status")).toContainText("te hemos enviado un enlace para crear una contraseña nueva");

  // The same answer for a name nobody has.
  await page.goto("/recuperar-contrasena");
  await page.getByLabel("Usuario").fill(`nadie.${number}`);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("status")).toContainText("te hemos enviado un enlace para crear una contraseña nueva");

  const mail = await waitForMail(email, "Crea una contraseña nueva");
  const link = /https?:\/\/\S+\/establecer-contrasena#[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  // The mail links to the school's domain; the test server answers on localhost's port.
  await page.goto(`/establecer-contrasena#${link!.split("#")[1]}`);
  await page.getByLabel("Nueva contraseña").fill("Tortuga-Verde-2026");
  await page.getByLabel("Repite la contraseña").fill("Tortuga-Verde-2026");
  await page.getByRole("button", { name: "Establecer contraseña" }).click();
  await expect(page).toHaveURL(/\/student\//);
  await expect(page.getByRole("heading").first()).toBeVisible();
});
