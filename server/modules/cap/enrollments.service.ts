import type { EnrollResult, Enrollment } from "@/lib/contract/cap";
import { MAX_STUDENTS_PER_COURSE } from "@/lib/contract/constants/cap";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { recordAudit } from "../audit/audit.repository";
import { deleteUpcomingEmptyAttendances } from "./attendance.repository";
import { courseNotFound, enrollmentNotFound } from "./cap-errors";
import { toEnrollment } from "./cap-views";
import { findCourse, lockCourse } from "./courses.repository";
import { deleteEnrollment, insertEnrollment, listEnrolledStudentIds, listEnrollments } from "./enrollments.repository";
import { findStudent } from "./students.repository";

const FAILURE_MESSAGES = {
  COURSE_FULL: `El curso ya tiene el máximo de ${MAX_STUDENTS_PER_COURSE} alumnos inscritos`,
  ALREADY_ENROLLED: "El alumno ya está inscrito en este curso",
  STUDENT_NOT_FOUND: "Alumno no encontrado",
  STUDENT_WITHOUT_DNI: "El alumno no tiene DNI/NIE registrado",
} as const;

export async function getEnrollments(db: Db, tenant: Tenant, courseId: string): Promise<Enrollment[]> {
  if (!(await findCourse(db, tenant.id, courseId))) throw courseNotFound();
  return (await listEnrollments(db, tenant.id, courseId)).map(toEnrollment);
}

/**
 * Enrols each student on its own terms and reports per student (spec §7). The course row is locked for the
 * whole batch, so two administrators enrolling at once cannot pass the legal maximum of 20 together.
 */
export async function enrollStudents(db: Db, tenant: Tenant, auth: Auth, courseId: string, studentIds: string[], now = new Date()): Promise<EnrollResult> {
  return db.transaction(async (tx) => {
    if (!(await lockCourse(tx, tenant.id, courseId))) throw courseNotFound();
    const enrolled = new Set(await listEnrolledStudentIds(tx, tenant.id, courseId));
    const result: EnrollResult = { successful: [], failed: [] };
    const fail = (studentId: string, error: keyof typeof FAILURE_MESSAGES) =>
      result.failed.push({ studentId, error, message: FAILURE_MESSAGES[error] });
    for (const studentId of new Set(studentIds)) {
      const student = await findStudent(tx, tenant.id, studentId);
      if (!student) fail(studentId, "STUDENT_NOT_FOUND");
      else if (!student.dni) fail(studentId, "STUDENT_WITHOUT_DNI");
      else if (enrolled.has(studentId)) fail(studentId, "ALREADY_ENROLLED");
      else if (enrolled.size >= MAX_STUDENTS_PER_COURSE) fail(studentId, "COURSE_FULL");
      else {
        const enrollmentId = await insertEnrollment(tx, tenant.id, courseId, studentId, now);
        enrolled.add(studentId);
        result.successful.push({ studentId, enrollmentId });
      }
    }
    if (result.successful.length > 0) {
      await recordAudit(tx, tenant.id, auth, {
        action: "cap.students_enrolled",
        targetType: "cap_course",
        targetId: courseId,
        details: { studentIds: result.successful.map((s) => s.studentId) },
      });
    }
    return result;
  });
}

/** Unenrols; the student also leaves the course's sessions that have not started and where nothing was registered. */
export async function unenrollStudent(db: Db, tenant: Tenant, auth: Auth, courseId: string, enrollmentId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockCourse(tx, tenant.id, courseId))) throw courseNotFound();
    const removed = await deleteEnrollment(tx, tenant.id, courseId, enrollmentId);
    if (!removed) throw enrollmentNotFound();
    await deleteUpcomingEmptyAttendances(tx, tenant.id, courseId, removed.studentId, now);
    await recordAudit(tx, tenant.id, auth, {
      action: "cap.student_unenrolled",
      targetType: "cap_course",
      targetId: courseId,
      details: { studentId: removed.studentId, enrollmentId },
    });
  });
}
