import type { CapCourse, CreateCapCourseBody } from "@/lib/contract/cap";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { recordAudit } from "../audit/audit.repository";
import { pgErrorCode } from "../../db/pg-errors";
import { courseNotFound, sectionNotFound } from "./cap-errors";
import { toCourse } from "./cap-views";
import { findCourse, insertCourse, listCourses } from "./courses.repository";
import { findSection } from "./sections.repository";

export async function getCourses(db: Db, tenant: Tenant): Promise<CapCourse[]> {
  return (await listCourses(db, tenant.id)).map(toCourse);
}

export async function getCourse(db: Db, tenant: Tenant, id: string): Promise<CapCourse> {
  const row = await findCourse(db, tenant.id, id);
  if (!row) throw courseNotFound();
  return toCourse(row);
}

export async function createCourse(db: Db, tenant: Tenant, auth: Auth, body: CreateCapCourseBody): Promise<CapCourse> {
  const id = await db
    .transaction(async (tx) => {
      if (!(await findSection(tx, tenant.id, body.sectionId))) throw sectionNotFound();
      const courseId = await insertCourse(tx, tenant.id, {
        name: body.name,
        code: body.code,
        sectionId: body.sectionId,
        startDate: body.start,
        endDate: body.end,
      });
      await recordAudit(tx, tenant.id, auth, { action: "cap.course_created", targetType: "cap_course", targetId: courseId, details: { ...body } });
      return courseId;
    })
    .catch((error: unknown) => {
      // The section was deleted between the check and the insert.
      throw pgErrorCode(error) === "23503" ? sectionNotFound() : error;
    });
  return getCourse(db, tenant, id);
}
