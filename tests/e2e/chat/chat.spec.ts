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
  const pane = admin.getByRole("region", { name: /^Conversación con Sara López/ });
  const bubbles = pane.getByTestId("chat-message");
  // The conversation has loaded (its messages, or its empty state) before the bubbles are counted.
  await expect(bubbles.first().or(pane.getByText("No hay mensajes aún"))).toBeVisible();
  const before = await bubbles.count();
  const sends: string[] = [];
  admin.on("request", (r) => {
    if (r.method() === "POST" && /\/api\/messaging\/conversations\/[^/]+\/messages$/.test(new URL(r.url()).pathname)) sends.push(r.postData() ?? "");
  });

  const input = admin.getByPlaceholder("Escribe tu mensaje...");
  await expect(admin.getByRole("button", { name: "Enviar" })).toBeDisabled();
  await input.fill("   ");
  await expect(admin.getByRole("button", { name: "Enviar" })).toBeDisabled();
  const first = `Hola Sara ${Date.now()}`;
  await input.fill(first);
  await input.press("Shift+Enter");
  await expect(input).toHaveValue(`${first}\n`);
  expect(sends).toHaveLength(0);
  await input.pressSequentially("<b>segunda línea</b>");
  await input.press("Enter");
  await expect(input).toHaveValue("");

  // One new bubble, the server's copy (sent tick), holding both lines with the newline kept; markup stays text.
  const mine = bubbles.filter({ hasText: first });
  await expect(mine.getByRole("img", { name: "Enviado" })).toBeVisible();
  await expect(bubbles).toHaveCount(before + 1);
  await expect(mine).toHaveCount(1);
  await expect(mine.locator("p").first()).toHaveJSProperty("textContent", `${first}\n<b>segunda línea</b>`);
  await expect(mine.locator("b")).toHaveCount(0);
  expect(sends).toHaveLength(1);
  expect(new URLSearchParams(sends[0]).get("body")).toBe(`${first}\n<b>segunda línea</b>`);
  // Still one after the next 5-second poll: nothing else was sent or stored.
  await admin.waitForResponse((r) => r.request().method() === "GET" && /\/messages$/.test(new URL(r.url()).pathname));
  await expect(bubbles).toHaveCount(before + 1);
  expect(sends).toHaveLength(1);
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
