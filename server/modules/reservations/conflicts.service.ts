import type { BookingConflict, BookingConflictsQuery } from "@/lib/contract/reservations";
import { examTypeName } from "@/lib/contract/constants/exams";
import type { DbOrTx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { listStudentSessions } from "../practices/calendar.repository";
import { listRegisteredExams } from "./conflicts.repository";

// An exam has a start (its date) and no end: the student is taken for this long from it (docs/decisions: 'Conflicts').
export const EXAM_BLOCK_MS = 2 * 3_600_000;

const iso = (d: Date | number) => new Date(d).toISOString();

// What else the student has in [start, end): their CAP sessions (the ones they sit, as their calendar shows them) and
// the exams they are registered for. Only this student's, of this school; a warning, never a refusal.
export async function listBookingConflicts(db: DbOrTx, tenant: Tenant, auth: Auth, query: BookingConflictsQuery): Promise<BookingConflict[]> {
  const from = new Date(query.start);
  const to = new Date(query.end);
  const [sessions, registrations] = await Promise.all([
    listStudentSessions(db, tenant.id, auth.userId, from, to),
    // An exam that began up to EXAM_BLOCK_MS before the range still overlaps it.
    listRegisteredExams(db, tenant.id, auth.userId, new Date(from.getTime() - EXAM_BLOCK_MS), to),
  ]);
  const conflicts: BookingConflict[] = [
    ...sessions.map((s) => ({ type: "cap-session" as const, title: `Sesión CAP: ${s.name}`, start: iso(s.startAt), end: iso(s.endAt) })),
    ...registrations.map((r) => ({
      type: "exam" as const,
      title: `Examen ${examTypeName(r.examType)} (permiso ${r.licenseName})`,
      start: iso(r.date),
      end: iso(r.date.getTime() + EXAM_BLOCK_MS),
    })),
  ];
  return conflicts.sort((a, b) => a.start.localeCompare(b.start));
}
