import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { DEMO_USERS, signInByApi } from "../support/auth";
import { createFreshStudent, signInAsStudent } from "../support/fresh-student";

// Security round three: a conversation answers its newest page (50) first and loads older messages as the person
// scrolls up, keeping what they were reading in view. 120 messages are written through the API by a student made
// for the test and the office (the flood guard lets each of them send 20 per 10 s).
const OFFICE = DEMO_USERS.admin.name;
const PER_SENDER = 60;

/** Sends through the BFF, waiting out the flood guard's 429s. */
async function sendOne(request: APIRequestContext, conversationId: string, body: string) {
  for (;;) {
    const res = await request.post(`/api/messaging/conversations/${conversationId}/messages`, { headers: { origin: baseURL }, form: { body } });
    if (res.status() === 201) return;
    expect(res.status(), await res.text()).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function sendAll(request: APIRequestContext, conversationId: string, label: string, count = PER_SENDER) {
  for (let i = 1; i <= count; i++) await sendOne(request, conversationId, `${label} ${String(i).padStart(2, "0")}`);
}

/** Whether the bubble is inside the list's visible box. */
async function isInView(list: Locator, bubble: Locator): Promise<boolean> {
  const [outer, inner] = [await list.boundingBox(), await bubble.boundingBox()];
  return !!outer && !!inner && inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1;
}

/** A fresh student and the office in one conversation, each having written `count` messages. */
async function conversationWithOffice(page: Page, browser: Browser, name: string, count: number) {
  const student = await createFreshStudent(page, name);
  const office = await browser.newContext({ baseURL });
  const officePage = await office.newPage();
  await signInByApi(officePage, "admin");
  const opened = await office.request.post("/api/messaging/conversations", { headers: { origin: baseURL }, form: { partnerId: student.id } });
  expect(opened.ok(), await opened.text()).toBeTruthy();
  const { id } = (await opened.json()) as { id: string };
  await signInAsStudent(page, student);
  await Promise.all([sendAll(office.request, id, "Oficina", count), sendAll(page.request, id, "Alumna", count)]);
  return { id, office };
}

test("a long conversation opens at its newest page and loads older messages as the student scrolls up", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const { id, office } = await conversationWithOffice(page, browser, "Berta", PER_SENDER);

  // Older pages answer slowly, so the indicator can be seen.
  await page.route((url) => url.pathname.endsWith("/messages") && url.searchParams.has("before"), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.fallback();
  });
  await page.goto("/student/chat");
  await page.getByRole("button", { name: new RegExp(OFFICE) }).click();
  const pane = page.getByRole("region", { name: `Conversación con ${OFFICE}` });
  const list = pane.getByRole("list", { name: "Mensajes" });
  const bubbles = pane.getByTestId("chat-message");

  // The newest page, scrolled to its end: the last messages of both, none of the first ones.
  await expect(bubbles).toHaveCount(50);
  await expect(bubbles.filter({ hasText: `Alumna ${PER_SENDER}` })).toBeVisible();
  await expect(bubbles.filter({ hasText: /^Oficina 01/ })).toHaveCount(0);
  // Sent or read: the office's own sends, racing the student's, move its read mark past hers or not.
  await expect(bubbles.filter({ hasText: `Alumna ${PER_SENDER}` }).getByRole("img", { name: /^(Enviado|Leído)$/ })).toBeVisible();

  // Scrolling up loads the next 50 above, with 'Cargando mensajes anteriores…' meanwhile; the message that was at
  // the top stays in view.
  const firstBefore = bubbles.first();
  const firstText = (await firstBefore.locator("p").first().textContent())!;
  await list.evaluate((el) => (el.scrollTop = 0));
  await expect(pane.getByRole("status").filter({ hasText: "Cargando mensajes anteriores…" })).toBeVisible();
  await expect(bubbles).toHaveCount(100);
  await expect(pane.getByText("Cargando mensajes anteriores…")).toHaveCount(0);
  const kept = bubbles.filter({ hasText: firstText });
  await expect.poll(() => isInView(list, kept)).toBe(true);
  expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  // Up again: the last 20, the very first messages among them; nothing more to load.
  await list.evaluate((el) => (el.scrollTop = 0));
  await expect(bubbles).toHaveCount(120);
  await expect(bubbles.filter({ hasText: /^Oficina 01/ })).toHaveCount(1);
  await expect(bubbles.filter({ hasText: /^Alumna 01/ })).toHaveCount(1);
  await list.evaluate((el) => (el.scrollTop = 0));
  await page.waitForTimeout(500);
  await expect(bubbles).toHaveCount(120);
  await expect(pane.getByText("Cargando mensajes anteriores…")).toHaveCount(0);

  // The live end still polls while the student reads the oldest ones: the office's next message arrives last.
  await sendOne(office.request, id, "Último de hoy");
  await expect(bubbles.last()).toContainText("Último de hoy", { timeout: 8_000 });
  await expect(bubbles).toHaveCount(121);
  await expect(bubbles.filter({ hasText: /^Oficina 01/ })).toHaveCount(1);
  await office.close();
});

// The spec's API does not page: it answers the whole list, oldest first, to every call, whatever the query, with no
// X-Next-Cursor (and no ETag). The screen then holds that list as its one page: every message drawn, nothing older to
// load, and each poll's whole list adds only what is new.
test("an API that does not page: the whole conversation is one page, and polls add only what is new", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { id, office } = await conversationWithOffice(page, browser, "Carmen", 30);
  const asked: string[] = [];
  await page.route((url) => url.pathname === `/api/messaging/conversations/${id}/messages`, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    asked.push(new URL(route.request().url()).search);
    const whole = await route.fetch({ url: new URL(`/api/messaging/conversations/${id}/messages?limit=100`, baseURL).toString() });
    await route.fulfill({ status: 200, contentType: "application/json", body: await whole.text() });
  });
  await page.goto("/student/chat");
  await page.getByRole("button", { name: new RegExp(OFFICE) }).click();
  const pane = page.getByRole("region", { name: `Conversación con ${OFFICE}` });
  const list = pane.getByRole("list", { name: "Mensajes" });
  const bubbles = pane.getByTestId("chat-message");

  // More than a page, all of it, from the very first message.
  await expect(bubbles).toHaveCount(60);
  await expect(bubbles.filter({ hasText: /^Oficina 01/ })).toHaveCount(1);
  await expect(bubbles.filter({ hasText: /^Alumna 01/ })).toHaveCount(1);
  await list.evaluate((el) => (el.scrollTop = 0));
  await expect(pane.getByText("Cargando mensajes anteriores…")).toHaveCount(0);

  // A poll answers the whole list again: nothing shows twice; a new message shows once, last.
  await expect.poll(() => asked.filter((q) => q.includes("after=")).length, { timeout: 8_000 }).toBeGreaterThan(0);
  await expect(bubbles).toHaveCount(60);
  await sendOne(office.request, id, "Último de hoy");
  await expect(bubbles.last()).toContainText("Último de hoy", { timeout: 8_000 });
  await expect(bubbles).toHaveCount(61);
  expect(asked.filter((q) => q.includes("before="))).toEqual([]);
  await office.close();
});
