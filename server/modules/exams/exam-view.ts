import { examTypeName } from "@/lib/contract/constants/exams";
import type { ExamRow } from "./exams.repository";

// The fields every view of an exam date shares (the student's upcoming list and the school's list).
export const examDateView = (exam: ExamRow) => ({
  id: exam.id,
  date: exam.date.toISOString(),
  inscriptionsOpening: exam.inscriptionsOpening.toISOString(),
  inscriptionsClosing: exam.inscriptionsClosing.toISOString(),
  location: exam.location,
});

export const examTypeView = (id: number) => ({ id, name: examTypeName(id) });
