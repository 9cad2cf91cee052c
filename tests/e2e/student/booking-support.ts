import { expect, type APIRequestContext, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { formatLessonDay } from "@/lib/format/lesson-time";
import { DEMO_USERS, type DemoUser } from "../support/auth";

// Helpers of the reservations journeys (student and instructor specs). API calls go through the BFF like the browser.

export type Slot = { start: string; end: string };
type Assignment = { id: string; instructor: { id: string; firstName: string }; license: { id: string; code: string; name: string } };
type CalendarEvent = Slot & { id: string; type: string };

const HOUR = 3_600_000;

/** A browser context of its own (a second person in the same test), with the project's options. */
export async function newPerson(browser: Browser, testInfo: TestInfo) {
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  return { context, page: await context.newPage() };
}

// The seed's second demo student, assigned to profesor for licence B (server/demo/reservations.ts).
export const SECOND_STUDENT = { username: "alumno2", password: "alumno123", name: "Sara López Díaz" } as const;

/** What a page of ours sends with a state-changing call: the BFF refuses cookie-carrying calls without it. */
export const sameOrigin = () => ({ origin: baseURL });

/** Signs the request context in through the BFF (cookies land in the context). */
export async function signInApi(request: APIRequestContext, who: DemoUser | { username: string; password: string }) {
  const user = typeof who === "string" ? DEMO_USERS[who] : who;
  const response = await request.post("/api/login", { data: { username: user.username, password: user.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

export const balanceSeconds = async (request: APIRequestContext) =>
  (await getJson<{ timeBalanceSeconds: number | null }>(request, "/api/student/balance")).timeBalanceSeconds ?? 0;

export async function assignmentFor(request: APIRequestContext, licenseName: string, instructorFirstName?: string) {
  const list = await getJson<Assignment[]>(request, "/api/student/instructor-assignments");
  const found = list.find(
    (a) => a.license.name === licenseName && (!instructorFirstName || a.instructor.firstName === instructorFirstName),
  );
  expect(found, `assignment for licence ${licenseName}`).toBeDefined();
  return found!;
}

/** Free slots of the instructor starting at least `minHoursAhead` from now, searching week by week. */
export async function freeSlots(request: APIRequestContext, instructorId: string, count: number, minHoursAhead = 48) {
  const found: Slot[] = [];
  const minStart = Date.now() + minHoursAhead * HOUR;
  for (let week = 0; week < 6 && found.length < count; week++) {
    const start = new Date(Date.now() + week * 7 * 24 * HOUR);
    const end = new Date(start.getTime() + 7 * 24 * HOUR);
    const query = new URLSearchParams({ instructor: instructorId, start: start.toISOString(), end: end.toISOString() });
    const events = await getJson<CalendarEvent[]>(request, `/api/student/reservations/calendar?${query}`);
    for (const e of events) {
      if (e.type !== "available" || Date.parse(e.start) < minStart) continue;
      if (found.some((f) => Date.parse(f.start) < Date.parse(e.end) && Date.parse(e.start) < Date.parse(f.end))) continue;
      found.push({ start: e.start, end: e.end });
      if (found.length === count) break;
    }
  }
  expect(found.length, "free slots found").toBe(count);
  return found;
}

export async function bookViaApi(request: APIRequestContext, assignment: Assignment, slots: Slot[]) {
  const response = await request.post("/api/student/reservations", {
    data: { instructorId: assignment.instructor.id, licenseId: assignment.license.id, slots },
    headers: sameOrigin(),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { reservations: { id: string; start: string; end: string }[] }).reservations;
}

const madrid = (iso: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", ...options }).format(new Date(iso));

const clock = (iso: string) => madrid(iso, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** The day of a lesson as the reservation cards write it: 'Hoy', 'Mañana', 'mar 1 dic' (the browser runs in Europe/Madrid). */
export const cardDate = (iso: string) => formatLessonDay(iso, Date.now(), "Europe/Madrid");
/** The start as the cards write it: 'mar 1 dic · 12:00' (followed on the card by '–' and the end). */
export const cardDateTime = (iso: string) => `${cardDate(iso)} · ${clock(iso)}`;
/** The hours as the cards write them: '12:00–14:00'. */
export const cardTimeRange = (slot: Slot) => `${clock(slot.start)}–${clock(slot.end)}`;

/** 'Xh Ym' like the app (spec §9). */
export function durationText(seconds: number) {
  const minutes = Math.floor(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h && m ? `${h}h ${m}m` : h ? `${h}h` : m ? `${m}m` : "0m";
}

/** The student's card of one reservation. */
export const studentCard = (page: Page, reservation: { id: string }): Locator =>
  page.locator(`[data-testid="reservation-card"][data-reservation-id="${reservation.id}"]`);

/** Opens the wizard, picks the assignment card 'Permiso X' and waits for the calendar. */
export async function openCalendarStep(page: Page, licenseName: string) {
  await page.goto("/student/reservations");
  await page.getByRole("link", { name: "Reservar prácticas" }).click();
  await expect(page).toHaveURL(/\/student\/reservations\/new$/);
  const card = page.getByRole("radio", { name: new RegExp(`Permiso ${licenseName}\\b`) });
  // With a single assignment the wizard opens step 2 by itself.
  await expect(card.or(page.getByTestId("week-calendar"))).toBeVisible();
  if (await card.isVisible()) {
    await card.click();
    await page.getByRole("button", { name: "Continuar" }).click();
  }
  await expect(page.getByTestId("week-calendar")).toBeVisible();
}

export const availableSlots = (page: Page) => page.locator(".booking-event--available");

/** Moves to the next week until some slot is available there (at most `maxWeeks`). */
export async function nextWeekWithSlots(page: Page, maxWeeks = 4) {
  for (let i = 0; i < maxWeeks; i++) {
    await page.getByRole("button", { name: /siguiente/i }).click();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    if ((await availableSlots(page).count()) > 0) return;
  }
  throw new Error("No week with available slots");
}
