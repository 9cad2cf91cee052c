import type { PageQuery } from "@/lib/contract/paging";
import type { StudentAttendance } from "@/lib/contract/cap";
import type { Db } from "../../db/client";
import { decodeInstantCursor, instantCursor, pageOf, type Page } from "../../http/cursor";
import type { Tenant } from "../../http/context";
import { listStudentAttendances } from "./attendance-records.repository";
import { studentNotFound } from "./cap-errors";
import { toAttendance } from "./cap-views";
import { findStudent } from "./students.repository";

const CURSOR = "cap-student-attendances";

/**
 * The student's record (issue 30 §3): every CAP session they are in, newest first, with how each time was recorded
 * (face, 'Manual' and its reason, corrected). Paged by session start and attendance id.
 */
export async function getStudentAttendances(db: Db, tenant: Tenant, studentId: string, query: PageQuery): Promise<Page<StudentAttendance>> {
  if (!(await findStudent(db, tenant.id, studentId))) throw studentNotFound();
  const after = query.cursor ? decodeInstantCursor(CURSOR, query.cursor) : null;
  const rows = await listStudentAttendances(db, tenant.id, studentId, after, query.limit);
  const page = pageOf(rows, query.limit, (last) => instantCursor(CURSOR, last.sessionStart, last.id));
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((r) => ({
      capSessionId: r.capSessionId,
      capCourseId: r.capCourseId,
      courseName: r.courseName,
      sessionName: r.sessionName,
      start: r.sessionStart.toISOString(),
      end: r.sessionEnd.toISOString(),
      attendance: toAttendance(r),
    })),
  };
}
