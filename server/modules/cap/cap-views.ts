import type { Attendance, AttendanceRecord, CapCourse, CapSession, CapStudent, Enrollment, Section } from "@/lib/contract/cap";
import type { AttendanceMethod, ManualReason } from "@/lib/contract/constants/cap";
import { displayName } from "../users/users.repository";
import type { CourseRow } from "./courses.repository";
import type { EnrollmentRow } from "./enrollments.repository";
import type { SectionRow } from "./sections.repository";
import type { AttendanceRow, SessionRow } from "./sessions.repository";
import type { StudentRow } from "./students.repository";

// Database rows → the contract's shapes (lib/contract/cap.ts).

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toSection = (row: SectionRow): Section => ({
  id: row.id,
  name: row.name,
  authorizationNumber: row.authorizationNumber,
});

export const toCourse = (row: CourseRow): CapCourse => ({
  id: row.id,
  name: row.name,
  code: row.code,
  sectionId: row.sectionId,
  sectionName: row.sectionName,
  start: row.startDate,
  end: row.endDate,
});

// How a time was recorded; rows written before migration 0020 without a method were added by hand.
const recordOf = (at: Date | null, method: string | null, reason: string | null, note: string | null, recordedBy: string | null): AttendanceRecord | null =>
  at
    ? {
        method: (method ?? "manual") as AttendanceMethod,
        reason: reason as ManualReason | null,
        note,
        recordedBy,
      }
    : null;

export const toAttendance = (row: AttendanceRow): Attendance => ({
  id: row.id,
  studentId: row.studentId,
  studentName: displayName(row),
  studentDni: row.dni ?? "",
  in: iso(row.inAt),
  out: iso(row.outAt),
  inRecord: recordOf(row.inAt, row.inMethod, row.inReason, row.inNote, row.inRecordedByName),
  outRecord: recordOf(row.outAt, row.outMethod, row.outReason, row.outNote, row.outRecordedByName),
});

export const toSession = (row: SessionRow, attendances: AttendanceRow[]): CapSession => ({
  id: row.id,
  capCourseId: row.capCourseId,
  courseName: row.courseName,
  name: row.name,
  code: row.code,
  sectionId: row.sectionId,
  start: row.startAt.toISOString(),
  end: row.endAt.toISOString(),
  attendances: attendances.filter((a) => a.capSessionId === row.id).map(toAttendance),
});

export const toEnrollment = (row: EnrollmentRow): Enrollment => ({
  id: row.id,
  studentId: row.studentId,
  enrolledAt: row.enrolledAt.toISOString(),
  student: { id: row.studentId, fullname: displayName(row), dni: row.dni ?? "" },
});

export const toStudent = (row: StudentRow): CapStudent => ({
  id: row.id,
  firstname: row.firstName,
  surname1: row.surname1,
  surname2: row.surname2,
  dni: row.dni ?? "",
  fullname: displayName(row),
  username: row.username,
  hasBiometricReference: Boolean(row.hasBiometricReference),
});
