import { expect, type APIRequestContext } from "@playwright/test";
import { controlLetter } from "@/lib/cap/dni";
import { sessionName } from "@/lib/cap/sessions";
import { addDaysToDate, zonedInstant } from "@/lib/cap/zoned-time";
import { baseURL } from "../../../playwright.config";

// CAP data a journey makes for itself through the administrator's API (second document §7), so the demo courses and
// students stay as seeded. The request context must carry the demo administrator's session.

const TIME_ZONE = "Europe/Madrid";
const headers = { origin: baseURL };

/** The school's date, 'YYYY-MM-DD', `offsetDays` from today. */
export const schoolDate = (offsetDays = 0) =>
  addDaysToDate(new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(new Date()), offsetDays);

/**
 * Waits, when less than `minutes` is left before 23:59 on the school's clock, until the next day has begun. A journey
 * that makes today's session from 00:00 to 23:59 and clocks students in needs it current for the journey's whole run: a
 * run whose course was made at 23:58 in Madrid found no 'Registrar entrada' a minute later and hung.
 */
export async function waitForRoomInSchoolDay(minutes: number): Promise<void> {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).formatToParts(new Date());
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const secondsLeft = (23 * 60 + 59) * 60 - (part("hour") * 3600 + part("minute") * 60 + part("second"));
  if (secondsLeft >= minutes * 60) return;
  await new Promise((resolve) => setTimeout(resolve, (secondsLeft + 65) * 1000));
}

/** Letters only, different on every call: keeps names and codes of one run apart from another's. */
export const uniqueTag = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

async function post<T>(request: APIRequestContext, path: string, data: unknown, status = 201): Promise<T> {
  const response = await request.post(path, { headers, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

export type CapStudentRef = { id: string; fullname: string; dni: string };

export async function createCapStudent(request: APIRequestContext, firstname: string, surname1: string): Promise<CapStudentRef> {
  const digits = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const dni = `${digits}${controlLetter(digits)}`;
  return post<CapStudentRef>(request, "/api/administrator/students/create-cap", { firstname, surname1, dni });
}

type SessionPlan = { dayOffset: number; from?: string; to?: string };
export type CapCourseRef = { id: string; name: string; sessions: { id: string; name: string }[] };

/**
 * A course from `startOffset` to `endOffset` days from today in the school's first section, with the students
 * enrolled, then its sessions (08:00 to 18:00 unless told).
 */
export async function createCapCourse(
  request: APIRequestContext,
  plan: { name: string; startOffset: number; endOffset: number; students?: CapStudentRef[]; sessions?: SessionPlan[] },
): Promise<CapCourseRef> {
  const sections = (await (await request.get("/api/administrator/sections")).json()) as { id: string }[];
  expect(sections.length, "the demo school has a section").toBeGreaterThan(0);
  const course = await post<{ id: string; name: string }>(request, "/api/administrator/cap/cap-courses", {
    name: plan.name,
    code: `28/2026/${uniqueTag().toUpperCase()}`,
    sectionId: sections[0]!.id,
    start: schoolDate(plan.startOffset),
    end: schoolDate(plan.endOffset),
  });
  if (plan.students?.length) {
    const result = await post<{ failed: unknown[] }>(
      request,
      `/api/administrator/cap/cap-courses/${course.id}/enrollments`,
      { studentIds: plan.students.map((s) => s.id) },
      200,
    );
    expect(result.failed).toEqual([]);
  }
  const sessions = [];
  for (const s of plan.sessions ?? []) {
    const date = schoolDate(s.dayOffset);
    sessions.push(
      await post<{ id: string; name: string }>(request, `/api/administrator/cap/cap-courses/${course.id}/sessions`, {
        name: sessionName(course.name, date),
        start: zonedInstant(date, s.from ?? "08:00", TIME_ZONE).toISOString(),
        end: zonedInstant(date, s.to ?? "18:00", TIME_ZONE).toISOString(),
      }),
    );
  }
  return { id: course.id, name: course.name, sessions };
}
