import { expect, type Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { createFreshStudent, type FreshStudent } from "./fresh-student";

type AdminAssignment = { instructor: { id: string; name: string }; license: { id: string; code: string; name: string } };

export type StudentWithLessons = FreshStudent & { instructorId: string; licenseId: string };

/**
 * A fresh student (no reservations, practices, exams or content yet) whom the office assigns to a demo instructor
 * for a licence and tops up with hours of lessons, all through the back-office API. The administrator's session
 * stays on the page; the demo students and their balances are untouched.
 */
export async function createStudentWithLessons(
  page: Page,
  firstName: string,
  { instructor = "Carlos", license = "B", hours = 2 }: { instructor?: string; license?: string; hours?: number } = {},
): Promise<StudentWithLessons> {
  // createFreshStudent signs the administrator in without an Origin header, which the BFF refuses from a browser
  // that already holds a session: a second student of the same test starts from no session.
  await page.context().clearCookies();
  const student = await createFreshStudent(page, firstName);
  const headers = { origin: baseURL };
  const assignments = (await (await page.request.get("/api/administrator/assignments")).json()) as AdminAssignment[];
  const seeded = assignments.find((a) => a.instructor.name.startsWith(`${instructor} `) && a.license.name === license);
  expect(seeded, `a demo assignment of ${instructor} for licence ${license}`).toBeDefined();
  const { instructor: teacher, license: permit } = seeded!;

  const assigned = await page.request.post("/api/administrator/assignments", {
    headers,
    data: { studentId: student.id, instructorId: teacher.id, licenseId: permit.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  const topUp = await page.request.post(`/api/administrator/balances/students/${student.id}/adjustments`, {
    headers,
    data: { operation: "top-up", amount: hours * 3600, reason: "Bono de prácticas de la prueba" },
  });
  expect(topUp.status(), await topUp.text()).toBe(201);
  return { ...student, instructorId: teacher.id, licenseId: permit.id };
}
