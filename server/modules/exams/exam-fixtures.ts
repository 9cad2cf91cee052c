// Test data for the exam API tests (imported by *.api.test.ts only).
import type { Db } from "../../db/client";
import { examSlots, exams } from "../../db/schema/exams";

const DAY = 86_400_000;

export type ExamFixture = { examId: string; slotId: string; examType: number; licenseId: string };

// An exam `days` from now whose inscription window is open now (or as given, in days from now).
export async function createExam(
  db: Db,
  tenant: { id: string },
  license: { id: string },
  options: { places?: number; visibleLimit?: number; examType?: number; days?: number; window?: [number, number] } = {},
): Promise<ExamFixture> {
  const now = Date.now();
  const days = options.days ?? 10;
  const [open, close] = options.window ?? [-1, Math.min(5, days - 0.5)];
  const [exam] = await db
    .insert(exams)
    .values({
      tenantId: tenant.id,
      date: new Date(now + days * DAY),
      inscriptionsOpening: new Date(now + open * DAY),
      inscriptionsClosing: new Date(now + close * DAY),
    })
    .returning();
  const examType = options.examType ?? 3;
  const [slot] = await db
    .insert(examSlots)
    .values({
      tenantId: tenant.id,
      examId: exam!.id,
      examType,
      licenseId: license.id,
      places: options.places ?? 3,
      visibleLimit: options.visibleLimit ?? options.places ?? 3,
    })
    .returning();
  return { examId: exam!.id, slotId: slot!.id, examType, licenseId: license.id };
}

export const registerBody = (f: ExamFixture) => ({ exam: f.examId, examType: f.examType, license: f.licenseId });
export const slotPath = (f: ExamFixture) => `/student/exams/${f.examId}/exam-types/${f.examType}/licenses/${f.licenseId}`;
