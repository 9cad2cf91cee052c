import { Hono, type Context } from "hono";
import { uuidSchema } from "@/lib/contract/common";
import {
  createExamBodySchema,
  examAttendanceBodySchema,
  examTypeIdSchema,
  recordExamResultBodySchema,
  registerStudentBodySchema,
  staffExamsQuerySchema,
  updateExamSlotBodySchema,
} from "@/lib/contract/exams";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { sendPage } from "../../http/cursor";
import { pageQuerySchema } from "@/lib/contract/paging";
import { readBody, readParam, readQuery } from "../../http/validate";
import { joinReserveList, registerForExam, withdrawFromExam, type SlotRef } from "./attendance.service";
import { ATTENDANCE_NOT_FOUND, EXAM_NOT_FOUND } from "./exam-errors";
import { recordResult } from "./exam-results.service";
import { registerByOffice } from "./office-registration.service";
import { createExam, deleteExam, examOptions, listStaffExams, staffScope, updateExamSlot, withdrawAttendance } from "./staff-exams.service";
import { listExamResults, listUpcomingExams } from "./student-exams.service";

function slotRef(c: Context<AppEnv>): SlotRef {
  return {
    examId: readParam(c, "examId", uuidSchema, EXAM_NOT_FOUND),
    examType: readParam(c, "examTypeId", examTypeIdSchema, EXAM_NOT_FOUND),
    licenseId: readParam(c, "licenseId", uuidSchema, EXAM_NOT_FOUND),
  };
}

const SLOT_PATH = "/student/exams/:examId/exam-types/:examTypeId/licenses/:licenseId";

// Student calls exactly as spec §7 spells them, plus the withdrawal (docs/decisions/exams.md).
export const examRoutes = new Hono<AppEnv>()
  .get("/student/exams/upcoming", requireRole("student"), async (c) =>
    c.json(await listUpcomingExams(c.var.db, c.var.tenant.id, requireAuth(c).userId)),
  )
  .get("/student/exam-attendances", requireRole("student"), async (c) => {
    const page = readQuery(c, pageQuerySchema);
    return sendPage(c, await listExamResults(c.var.db, c.var.tenant.id, requireAuth(c).userId, page));
  })
  .post("/student/exam-attendance", requireRole("student"), async (c) => {
    const body = await readBody(c, examAttendanceBodySchema);
    const ref = { examId: body.exam, examType: body.examType, licenseId: body.license };
    return c.json(await registerForExam(c.var.db, c.var.tenant, requireAuth(c), ref), 201);
  })
  .post(`${SLOT_PATH}/backup-attendance`, requireRole("student"), async (c) =>
    c.json(await joinReserveList(c.var.db, c.var.tenant, requireAuth(c), slotRef(c)), 201),
  )
  .delete(`${SLOT_PATH}/attendance`, requireRole("student"), async (c) =>
    c.json(await withdrawFromExam(c.var.db, c.var.tenant, requireAuth(c), slotRef(c))),
  );

// The school's side, the same calls for both areas; an instructor's scope is their licences and students.
for (const area of ["administrator", "instructor"] as const) {
  const scopeOf = (c: Context<AppEnv>) => staffScope(c.var.db, c.var.tenant.id, requireAuth(c), area);
  examRoutes
    .get(`/${area}/exams`, requireRole(area), async (c) => {
      const { scope } = readQuery(c, staffExamsQuerySchema);
      return c.json(await listStaffExams(c.var.db, c.var.tenant.id, await scopeOf(c), scope));
    })
    .get(`/${area}/exams/options`, requireRole(area), async (c) => c.json(await examOptions(c.var.db, c.var.tenant.id, await scopeOf(c))))
    .post(`/${area}/exams`, requireRole(area), async (c) => {
      const body = await readBody(c, createExamBodySchema);
      return c.json(await createExam(c.var.db, c.var.tenant, requireAuth(c), await scopeOf(c), body), 201);
    })
    .delete(`/${area}/exams/:id`, requireRole(area), async (c) => {
      const id = readParam(c, "id", uuidSchema, EXAM_NOT_FOUND);
      await deleteExam(c.var.db, c.var.tenant, requireAuth(c), await scopeOf(c), id);
      return c.body(null, 204);
    })
    .patch(`/${area}/exam-slots/:id`, requireRole(area), async (c) => {
      const id = readParam(c, "id", uuidSchema, EXAM_NOT_FOUND);
      const body = await readBody(c, updateExamSlotBodySchema);
      return c.json(await updateExamSlot(c.var.db, c.var.tenant, requireAuth(c), await scopeOf(c), id, body));
    })
    .post(`/${area}/exam-slots/:id/registrations`, requireRole(area), async (c) => {
      const id = readParam(c, "id", uuidSchema, EXAM_NOT_FOUND);
      const { studentId } = await readBody(c, registerStudentBodySchema);
      return c.json(await registerByOffice(c.var.db, c.var.tenant, requireAuth(c), await scopeOf(c), id, studentId), 201);
    })
    .post(`/${area}/exam-attendances/:id/result`, requireRole(area), async (c) => {
      const id = readParam(c, "id", uuidSchema, ATTENDANCE_NOT_FOUND);
      const { result } = await readBody(c, recordExamResultBodySchema);
      return c.json(await recordResult(c.var.db, c.var.tenant, requireAuth(c), await scopeOf(c), id, result));
    })
    .post(`/${area}/exam-attendances/:id/withdraw`, requireRole(area), async (c) => {
      const id = readParam(c, "id", uuidSchema, ATTENDANCE_NOT_FOUND);
      return c.json(await withdrawAttendance(c.var.db, c.var.tenant, requireAuth(c), await scopeOf(c), id));
    });
}
