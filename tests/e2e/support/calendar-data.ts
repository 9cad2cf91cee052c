import { expect, type Page } from "@playwright/test";
import { assignmentFor, bookViaApi, freeSlots, getJson, sameOrigin, signInApi, type Slot } from "../student/booking-support";
import { createStudentWithLessons, type StudentWithLessons } from "./student-with-lessons";

// Calendar data a test draws from (issue "Phone first": the agendas, the accessibility sweep with events drawn): a new
// student of Marta's (licence A2) asks for her next two free lessons, and Marta records a lesson agreed at the desk
// that ended a minute ago. All through the API; the demo users' own data stay as seeded. Marta, not Carlos: Carlos's
// practices and lessons are what the practice and booking journeys read.

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const MINUTE = 60_000;

export type CalendarData = { student: StudentWithLessons; lessons: Slot[]; practice: Slot };

type Vehicle = { id: string; licenseId: string | null };

export async function seedCalendarData(page: Page, firstName: string): Promise<CalendarData> {
  const student = await createStudentWithLessons(page, firstName, { instructor: "Marta", license: "A2", hours: 4 });
  await page.context().clearCookies();
  await signInApi(page.request, student);
  const assignment = await assignmentFor(page.request, "A2");
  const lessons = await freeSlots(page.request, assignment.instructor.id, 2, 1);
  await bookViaApi(page.request, assignment, lessons);

  await page.context().clearCookies();
  await signInApi(page.request, "instructor2");
  const vehicles = await getJson<Vehicle[]>(page.request, "/api/instructor/vehicles");
  const vehicle = vehicles.find((v) => v.licenseId === student.licenseId);
  expect(vehicle, "a vehicle for licence A2").toBeDefined();
  // Ten minutes that ended a minute ago or earlier: Marta's earlier tests' practices of the same run (this helper's
  // own) take the later windows, each refused as an overlap (409), so the next is tried.
  let practice: Slot | null = null;
  for (let earlier = 0; earlier < 6 && !practice; earlier++) {
    const start = Math.floor(Date.now() / MINUTE) * MINUTE - (11 + 11 * earlier) * MINUTE;
    const window = { start: new Date(start).toISOString(), end: new Date(start + 10 * MINUTE).toISOString() };
    const recorded = await page.request.post("/api/instructor/practices/manual", {
      headers: sameOrigin(),
      data: {
        studentId: student.id,
        licenseId: student.licenseId,
        vehicleId: vehicle!.id,
        startAt: window.start,
        endAt: window.end,
        kmStart: 12_000,
        kmEnd: 12_004,
        observations: "Clase acordada en la oficina",
        studentSignature: PNG,
        instructorSignature: PNG,
      },
    });
    if (recorded.status() === 201) practice = window;
    else expect(recorded.status(), await recorded.text()).toBe(409);
  }
  expect(practice, "a free window for the practice").not.toBeNull();
  await page.context().clearCookies();
  return { student, lessons, practice: practice! };
}
