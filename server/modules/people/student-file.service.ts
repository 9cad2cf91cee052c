import { STUDENT_FILE_LIST_LIMIT } from "@/lib/contract/constants/people";
import type { StudentFile } from "@/lib/contract/people";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { reservations } from "../../db/schema/reservations";
import type { Tenant } from "../../http/context";
import { notFound } from "../../http/errors";
import { findBalance, listMovements } from "../balance/balance.repository";
import { toBalance, toMovement, withLessons } from "../balance/balance.service";
import { getBookingSettings } from "../config/config.service";
import { examDateView, examTypeView } from "../exams/exam-view";
import { listStudentAttendances } from "../exams/exams.repository";
import { listPracticeViews } from "../practices/practices.repository";
import { toPractice } from "../practices/practice-view";
import { toInstructorReservation } from "../reservations/reservation-view";
import { listReservationPage } from "../reservations/reservations.repository";
import { displayName } from "../users/users.repository";
import * as repo from "./student-file.repository";

// A student's page (issue 31 §2). Who may read it: the school's office, and the instructors the student is assigned
// to (any licence). Anyone else, another school's student or someone who is not a student: 404, as if it did not exist.

export type FileViewer = { kind: "administrator" } | { kind: "instructor"; instructorId: string };

const N = STUDENT_FILE_LIST_LIMIT;
const studentNotFound = () => notFound("Alumno no encontrado");
const some = <T>(rows: T[]) => ({ items: rows.slice(0, N), hasMore: rows.length > N });

/** The student when the viewer may read their page; 404 otherwise. */
export async function readableStudent(db: DbOrTx, tenantId: string, viewer: FileViewer, studentId: string) {
  const [student, isAssigned] = await Promise.all([
    repo.findFileStudent(db, tenantId, studentId),
    viewer.kind === "instructor" ? repo.isAssignedTo(db, tenantId, studentId, viewer.instructorId) : true,
  ]);
  if (!student || !isAssigned) throw studentNotFound();
  return student;
}

export async function getStudentFile(db: DbOrTx, tenant: Tenant, viewer: FileViewer, studentId: string, now = new Date()): Promise<StudentFile> {
  const student = await readableStudent(db, tenant.id, viewer, studentId);
  const lessons = (direction: "asc" | "desc") =>
    listReservationPage(
      db,
      tenant.id,
      direction === "asc"
        ? { studentId, statuses: ["requested", "confirmed"], extra: sql`${reservations.endAt} > ${now}` }
        : { studentId, extra: sql`${reservations.endAt} <= ${now}` },
      { direction, limit: N + 1 },
    );
  const [settings, assignments, balance, movements, upcoming, past, practices, exams, cap] = await Promise.all([
    getBookingSettings(db, tenant.id),
    repo.listStudentAssignments(db, tenant.id, studentId),
    findBalance(db, tenant.id, studentId),
    listMovements(db, tenant.id, studentId, { limit: N + 1 }),
    lessons("asc"),
    lessons("desc"),
    listPracticeViews(db, tenant.id, { studentId, limit: N + 1 }),
    listStudentAttendances(db, tenant.id, studentId, { limit: N + 1 }),
    repo.listCapCourses(db, tenant.id, studentId, N + 1),
  ]);
  const lesson = (v: (typeof upcoming)[number]) => toInstructorReservation(v, now, settings.cancelDeadlineHours);
  // Each movement of a lesson names it (issue 31 §6).
  const namedMovements = await withLessons(db, tenant.id, movements.map(toMovement));
  return {
    student: {
      id: student.id,
      name: displayName(student),
      dni: student.dni,
      username: student.username,
      email: student.email,
      phone: student.phone,
      isActive: student.isActive,
    },
    assignments: assignments.map((a) => ({
      id: a.id,
      instructor: { id: a.instructor.id, name: displayName(a.instructor), phone: a.instructor.phone },
      license: a.license,
    })),
    balance: toBalance(settings.balanceMode, balance),
    movements: some(namedMovements),
    upcomingLessons: some(upcoming.map(lesson)),
    pastLessons: some(past.map(lesson)),
    practices: some(
      practices.map((p) => {
        const { studentSignature: _s, instructorSignature: _i, ...rest } = toPractice(p, tenant.timeZone);
        return rest;
      }),
    ),
    exams: some(
      exams.map((e) => ({
        id: e.attendance.id,
        date: examDateView(e.exam).date,
        location: e.exam.location,
        examType: examTypeView(e.slot.examType),
        license: e.licenseName,
        status: e.attendance.status as "registered" | "backup",
        result: e.attendance.result,
      })),
    ),
    cap: some(cap.map((c) => ({ ...c, sessions: Number(c.sessions), attended: Number(c.attended) }))),
  };
}
