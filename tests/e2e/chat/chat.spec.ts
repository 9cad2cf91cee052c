import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_USERS, signIn, type DemoUser } from "../support/auth";

const SHOTS = process.env.CHAT_SCREENSHOTS_DIR;

async function openChat(browser: Browser, who: DemoUser, path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, who);
  await page.goto(path);
  return page;
}

test("the student writes to the instructor, who sees it within one poll, opens it, and the student sees the read tick", async ({ browser }) => {
  const text = `¿Podemos adelantar la clase? ${Date.now()}`;
  const student = await openChat(browser, "student", "/student/chat");
  const instructor = await openChat(browser, "instructor", "/instructor/chat");

  await student.getByRole("button", { name: new RegExp(DEMO_USERS.instructor.name) }).click();
  await expect(student.getByText("Recuerda traer el DNI el día del examen.")).toBeVisible();
  const input = student.getByPlaceholder("Escribe tu mensaje...");
  await input.fill(text);
  await input.press("Enter");
  await expect(input).toHaveValue("");
  const mine = student.getByTestId("chat-message").filter({ hasText: text });
  await expect(mine.getByRole("img", { name: "Enviado" })).toBeVisible();

  // One conversation poll is 5 s and the sidebar badge 10 s.
  const row = instructor.getByRole("button", { name: new RegExp(DEMO_USERS.student.name) });
  await expect(row.getByText("1 mensaje nuevo")).toBeVisible({ timeout: 8_000 });
  await expect(instructor.getByLabel("1 sin leer")).toBeVisible({ timeout: 12_000 });
  await row.click();
  await expect(instructor.getByTestId("chat-message").filter({ hasText: text })).toBeVisible();
  await expect(row.getByText("1 mensaje nuevo")).toBeHidden();
  if (SHOTS) await instructor.screenshot({ path: `${SHOTS}/instructor-desktop.png` });

  await expect(mine.getByRole("img", { name: "Leído" })).toBeVisible({ timeout: 8_000 });
  if (SHOTS) await student.screenshot({ path: `${SHOTS}/student-desktop.png` });
});

test("Shift+Enter inserts a newline and an empty message cannot be sent", async ({ browser }) => {
  const admin = await openChat(browser, "admin", "/administrator/chat");
  await admin.getByRole("tab", { name: /Contactos/ }).click();
  await admin.getByPlaceholder("Buscar contactos...").fill("zzz");
  await expect(admin.getByText("No se encontraron contactos")).toBeVisible();
  await admin.getByPlaceholder("Buscar contactos...").fill("sara");
  await admin.getByRole("button", { name: /Sara López/ }).click();
  const input = admin.getByPlaceholder("Escribe tu mensaje...");
  await expect(admin.getByRole("button", { name: "Enviar" })).toBeDisabled();
  await input.fill("   ");
  await expect(admin.getByRole("button", { name: "Enviar" })).toBeDisabled();
  await input.fill(`Hola Sara ${Date.now()}`);
  await input.press("Shift+Enter");
  await input.pressSequentially("<b>segunda línea</b>");
  await input.press("Enter");
  await expect(admin.getByTestId("chat-message").filter({ hasText: "<b>segunda línea</b>" })).toBeVisible();
});

test("mobile 390×844 shows the list or the conversation, with a back button", async ({ browser }) => {
  const student = await openChat(browser, "student", "/student/chat", { width: 390, height: 844 });
  const row = student.getByRole("button", { name: /Ana Torres/ });
  await expect(row).toBeVisible();
  await expect(student.getByText("Selecciona una conversación")).toBeHidden();
  if (SHOTS) await student.screenshot({ path: `${SHOTS}/student-mobile-list.png` });
  await row.click();
  await expect(student.getByText("Hola Lucía, ya tienes disponible el material del permiso B.")).toBeVisible();
  await expect(student.getByRole("tab", { name: /Chats/ })).toBeHidden();
  if (SHOTS) await student.screenshot({ path: `${SHOTS}/student-mobile-conversation.png` });
  await student.getByRole("button", { name: "Volver" }).click();
  await expect(student.getByRole("tab", { name: /Chats/ })).toBeVisible();
});
