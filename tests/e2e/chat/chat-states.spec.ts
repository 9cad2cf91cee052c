import { expect, test, type Locator, type Page, type Route } from "@playwright/test";
import { DEMO_USERS, signIn } from "../support/auth";
import { createFreshStudent, signInAsStudent } from "../support/fresh-student";

// The chat's empty states and its optimistic send (first document §4, §9). Messages are only ever written between a
// student made for the test and the office, so the demo conversations other journeys count on stay as seeded.
const OFFICE = DEMO_USERS.admin.name;
const MESSAGE_POSTS = "**/api/messaging/conversations/*/messages";
const SERVER_ERROR = { error: "INTERNAL_SERVER_ERROR", message: "Ha ocurrido un error en el servidor" };

/** Pauses the next message POST and hands it to the test, which decides how the server answers. */
async function holdNextSend(page: Page): Promise<{ held: Promise<Route> }> {
  let hold!: (route: Route) => void;
  const held = new Promise<Route>((resolve) => (hold = resolve));
  await page.route(MESSAGE_POSTS, (route) => (route.request().method() === "POST" ? hold(route) : route.fallback()));
  return { held };
}

const isMessagesPoll = (r: { request(): { method(): string }; url(): string }) =>
  r.request().method() === "GET" && /\/api\/messaging\/conversations\/[^/]+\/messages$/.test(new URL(r.url()).pathname);

async function send(input: Locator, text: string) {
  await input.fill(text);
  await input.press("Enter");
}

async function openChatWithTheOffice(page: Page) {
  await page.getByRole("tab", { name: /Contactos/ }).click();
  await page.getByRole("button", { name: new RegExp(OFFICE) }).click();
  return page.getByRole("region", { name: `Conversación con ${OFFICE}` });
}

test("a new student has no conversations: 'Nueva conversación' leads to the contacts, and a new one has no messages", async ({ page }) => {
  const student = await createFreshStudent(page, "Nuria");
  await signInAsStudent(page, student);
  await page.goto("/student/chat");

  await expect(page.getByText("No tienes conversaciones aún")).toBeVisible();
  await page.getByRole("button", { name: "Nueva conversación" }).click();
  await expect(page.getByRole("tab", { name: /Contactos/ })).toHaveAttribute("aria-selected", "true");

  await page.getByRole("button", { name: new RegExp(OFFICE) }).click();
  const pane = page.getByRole("region", { name: `Conversación con ${OFFICE}` });
  await expect(pane.getByRole("heading", { name: OFFICE })).toBeVisible();
  await expect(pane.getByText("No hay mensajes aún")).toBeVisible();
  await expect(pane.getByText("Envía el primer mensaje para comenzar la conversación")).toBeVisible();
  await expect(pane.getByTestId("chat-message")).toHaveCount(0);
});

test("a message shows 'Enviando...' while it is sent; one the server refuses is taken back", async ({ page }) => {
  const student = await createFreshStudent(page, "Olga");
  await signInAsStudent(page, student);
  await page.goto("/student/chat");
  const pane = await openChatWithTheOffice(page);
  await expect(pane.getByText("No hay mensajes aún")).toBeVisible();
  const input = pane.getByPlaceholder("Escribe tu mensaje...");

  // The server fails: the pending message goes away and the conversation is empty again.
  let held = await holdNextSend(page);
  await send(input, "Este no llegará");
  const refused = pane.getByTestId("chat-message").filter({ hasText: "Este no llegará" });
  await expect(refused.getByText("Enviando...")).toBeVisible();
  await (await held.held).fulfill({ status: 500, json: SERVER_ERROR });
  await expect(refused).toHaveCount(0);
  await expect(page.getByText(SERVER_ERROR.message).first()).toBeVisible();
  await expect(pane.getByText("No hay mensajes aún")).toBeVisible();
  await page.unroute(MESSAGE_POSTS);

  // The server is slow: 'Enviando...' until it answers, even when the 5-second poll lands meanwhile, then the tick.
  held = await holdNextSend(page);
  const text = `¿Cuándo abre la oficina? ${Date.now()}`;
  await send(input, text);
  await expect(input).toHaveValue("");
  const mine = pane.getByTestId("chat-message").filter({ hasText: text });
  await expect(mine.getByText("Enviando...")).toBeVisible();
  // Two polls answered while the send is held: the first one's list has surely been rendered by the second.
  await page.waitForResponse(isMessagesPoll);
  await page.waitForResponse(isMessagesPoll);
  await expect(mine.getByText("Enviando...")).toBeVisible();
  await expect(mine.getByRole("img", { name: "Enviado" })).toHaveCount(0);
  await (await held.held).continue();
  await expect(mine.getByRole("img", { name: "Enviado" })).toBeVisible();
  await expect(mine.getByText("Enviando...")).toHaveCount(0);
  await page.unroute(MESSAGE_POSTS);
});

test("a search that matches no conversation says so, and clearing it brings the list back", async ({ page }) => {
  await signIn(page, "student");
  await page.goto("/student/chat");
  const row = page.getByRole("button", { name: new RegExp(DEMO_USERS.instructor.name) });
  await expect(row).toBeVisible();

  await page.getByRole("searchbox", { name: "Buscar conversaciones" }).fill("zzz");
  await expect(page.getByText("No se encontraron conversaciones")).toBeVisible();
  await expect(page.getByText("Intenta con otro término de búsqueda")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("No tienes conversaciones aún")).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Buscar conversaciones" }).fill("");
  await expect(row).toBeVisible();
  await expect(page.getByText("No se encontraron conversaciones")).toHaveCount(0);
});

test("with nobody to write to, the contacts tab says there are no contacts", async ({ page }) => {
  // Every user of the demo schools has at least the administrator as a contact (server/modules/messaging), so the
  // API's answer is replaced by the empty list it gives a student with no instructor and no active administrator.
  await page.route("**/api/messaging/contacts", (route) => route.fulfill({ json: [] }));
  await signIn(page, "student");
  await page.goto("/student/chat");
  await page.getByRole("tab", { name: /Contactos/ }).click();
  await expect(page.getByText("No hay contactos")).toBeVisible();
  await expect(page.getByText("No tienes contactos disponibles")).toBeVisible();
  await expect(page.getByRole("list", { name: "Contactos" })).toHaveCount(0);
});

test("when creating the conversation fails, opening a contact falls back to the existing conversation", async ({ page }) => {
  // First document §4: "if creation fails, an existing conversation with that partner is opened if there is one".
  // The demo student already talks with the office; the create call answers 500.
  let creates = 0;
  await page.route("**/api/messaging/conversations", (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    creates += 1;
    return route.fulfill({ status: 500, json: SERVER_ERROR });
  });
  await signIn(page, "student");
  await page.goto("/student/chat");
  // The conversation list has loaded: the fallback looks the partner up in it.
  await expect(page.getByRole("button", { name: new RegExp(OFFICE) })).toBeVisible();
  await expect(page.getByText("Selecciona una conversación")).toBeVisible();

  const pane = await openChatWithTheOffice(page);
  await expect(pane.getByRole("heading", { name: OFFICE })).toBeVisible();
  await expect(pane.getByText("Hola Lucía, ya tienes disponible el material del permiso B.")).toBeVisible();
  await expect(pane.getByText("No hay mensajes aún")).toHaveCount(0);
  expect(creates).toBe(1);
  await expect(page.getByText("No se pudo abrir la conversación")).toHaveCount(0);
});

test("contacts that cannot be loaded say so, not 'No hay contactos', and 'Reintentar' loads them", async ({ page }) => {
  let isFailing = true;
  await page.route("**/api/messaging/contacts", (route) => (isFailing ? route.fulfill({ status: 500, json: SERVER_ERROR }) : route.fallback()));
  await signIn(page, "student");
  await page.goto("/student/chat");
  await page.getByRole("tab", { name: /Contactos/ }).click();

  await expect(page.getByText("No se pudieron cargar los contactos")).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(SERVER_ERROR.message)).toBeVisible();
  await expect(page.getByText("No hay contactos")).toHaveCount(0);
  await expect(page.getByText("No tienes contactos disponibles")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Contactos" })).toHaveCount(0);

  isFailing = false;
  await page.getByRole("button", { name: "Reintentar" }).click();
  const contacts = page.getByRole("list", { name: "Contactos" });
  await expect(contacts.getByRole("button", { name: new RegExp(OFFICE) })).toBeVisible();
  await expect(page.getByText("No se pudieron cargar los contactos")).toHaveCount(0);
});
