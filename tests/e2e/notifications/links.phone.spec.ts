import { expect, test, type Page } from "@playwright/test";
import { DEMO_USERS, signInByApi } from "../support/auth";

// Issue 29: a notification's link lands on the thing it is about, on a phone. The catalog
// (server/notifications/catalog.ts) writes these links; each screen reads its query parameter: a practice's detail
// (?practice=), a conversation (?conversation=) or the one with a person (?user=), and a calendar's day (?date=).

type PracticeHistory = Record<string, Record<string, { id: string; kmTotal: number | null }>>;

// The first check on each screen waits for its data and its code (a loaded 2-core machine).
const LOADED = { timeout: 60_000 };
test.describe.configure({ timeout: 180_000 });

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("'Práctica registrada' opens that practice's detail, on its month", async ({ page }, testInfo) => {
  await signInByApi(page, "student");
  const response = await page.request.get("/api/student/practices/history");
  expect(response.ok(), await response.text()).toBeTruthy();
  const history = (await response.json()) as PracticeHistory;
  const months = Object.keys(history);
  expect(months.length).toBeGreaterThan(0);
  // The oldest month of the first page: the screen has to move there, not only open a dialog.
  const month = months.at(-1)!;
  const practice = Object.values(history[month]!)[0]!;

  await page.goto(`/student/practices/history?practice=${practice.id}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Detalles de la práctica" })).toBeVisible(LOADED);
  if (practice.kmTotal !== null) await expect(dialog).toContainText(`Km. Recorridos${practice.kmTotal.toLocaleString("es-ES")}`);
  await page.screenshot({ path: testInfo.outputPath("practice-link-390.png") });
  await dialog.getByRole("button", { name: /Cerrar/ }).first().click();
  await expect(dialog).toBeHidden();
  // Behind it, the practice's month, with its card.
  const monthHeading = page.getByTestId("practice-month");
  const [y, m] = month.split("-").map(Number) as [number, number];
  const monthName = new Date(y, m - 1, 15).toLocaleDateString("es-ES", { month: "long" });
  await expect(monthHeading).toContainText(new RegExp(monthName, "i"));
  expect(await noSideScroll(page)).toBe(true);
});

test("'Mensaje de …' opens that conversation, and the office's stale-cancellation link the chat with the instructor", async ({ page }, testInfo) => {
  await signInByApi(page, "student");
  const response = await page.request.get("/api/messaging/conversations");
  expect(response.ok(), await response.text()).toBeTruthy();
  const conversations = (await response.json()) as { id: string; partnerName: string }[];
  expect(conversations.length).toBeGreaterThan(0);
  const conversation = conversations.at(-1)!;

  await page.goto(`/student/chat?conversation=${conversation.id}`);
  const pane = page.getByRole("region", { name: `Conversación con ${conversation.partnerName}` });
  await expect(pane).toBeVisible(LOADED);
  await expect(pane.getByRole("heading", { name: conversation.partnerName })).toBeVisible();
  // On a phone the list gives way to the conversation.
  await expect(page.getByRole("tab", { name: /^Chats/ })).toBeHidden();
  expect(await noSideScroll(page)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("chat-link-390.png") });

  await page.context().clearCookies();
  await signInByApi(page, "admin");
  const contacts = (await (await page.request.get("/api/messaging/contacts")).json()) as { id: string; name: string }[];
  const instructor = contacts.find((c) => c.name === DEMO_USERS.instructor.name);
  expect(instructor, "the instructor among the office's contacts").toBeTruthy();
  await page.goto(`/administrator/chat?user=${instructor!.id}`);
  await expect(page.getByRole("region", { name: `Conversación con ${DEMO_USERS.instructor.name}` })).toBeVisible(LOADED);
});

test("'Tu agenda de mañana' opens the calendar on that day, on a phone too", async ({ page }, testInfo) => {
  await signInByApi(page, "instructor");
  // Two days ahead on the school's clock (Madrid, like the browser here).
  const date = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Madrid" });
  await page.goto(`/instructor/calendar?date=${date}`);
  await expect(page.getByRole("tab", { name: "Día" })).toHaveAttribute("aria-selected", "true", LOADED);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const monthName = new Date(y, m - 1, d).toLocaleDateString("es-ES", { month: "long" });
  // The grid's title names the day: '29 de noviembre de 2026'.
  await expect(page.getByRole("heading", { name: `${d} de ${monthName} de ${y}`, exact: true })).toBeVisible(LOADED);
  expect(await noSideScroll(page)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("calendar-link-390.png") });

  // Without a date, a phone keeps its agenda.
  await page.goto("/instructor/calendar");
  await expect(page.getByRole("tab", { name: "Agenda" })).toHaveAttribute("aria-selected", "true", LOADED);
});
