import { Hono } from "hono";
import {
  addAttendanceBodySchema,
  correctAttendanceBodySchema,
  createAttendanceBodySchema,
  manualAttendanceBodySchema,
} from "@/lib/contract/cap";
import { uuidSchema } from "@/lib/contract/common";
import { pageQuerySchema } from "@/lib/contract/paging";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { sendPage } from "../../http/cursor";
import { readBody, readParam, readQuery } from "../../http/validate";
import { correctAttendance, getCorrections } from "./attendance-corrections.service";
import { registerManualAttendance } from "./attendance-manual.service";
import { getStudentAttendances } from "./attendance-records.service";
import { addStudentToSession, registerAttendance } from "./attendance.service";
import { buildSessionReport } from "./report.service";

const admin = requireRole("administrator");

export const attendanceRoutes = new Hono<AppEnv>()
  .post("/administrator/cap/cap-attendance/create", admin, async (c) => {
    const body = await readBody(c, createAttendanceBodySchema);
    const attendance = await registerAttendance(c.var.db, c.var.tenant, requireAuth(c), body);
    return c.json({ success: true as const, attendance });
  })
  .post("/administrator/cap/cap-attendance", admin, async (c) => {
    const body = await readBody(c, addAttendanceBodySchema);
    return c.json(await addStudentToSession(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  // Issue 30: the fallback by hand, corrections after the session, and the student's record (not in the spec).
  .post("/administrator/cap/cap-attendance/manual", admin, async (c) => {
    const body = await readBody(c, manualAttendanceBodySchema);
    const attendance = await registerManualAttendance(c.var.db, c.var.tenant, requireAuth(c), body);
    return c.json({ success: true as const, attendance });
  })
  .post("/administrator/cap/cap-attendance/:id/correct", admin, async (c) => {
    const id = readParam(c, "id", uuidSchema, "Asistencia no encontrada");
    const body = await readBody(c, correctAttendanceBodySchema);
    const attendance = await correctAttendance(c.var.db, c.var.tenant, requireAuth(c), id, body);
    return c.json({ success: true as const, attendance });
  })
  .get("/administrator/cap/cap-attendance/:id/corrections", admin, async (c) => {
    const id = readParam(c, "id", uuidSchema, "Asistencia no encontrada");
    return c.json(await getCorrections(c.var.db, c.var.tenant, id));
  })
  .get("/administrator/students/:id/cap-attendances", admin, async (c) => {
    const id = readParam(c, "id", uuidSchema, "Alumno no encontrado");
    return sendPage(c, await getStudentAttendances(c.var.db, c.var.tenant, id, readQuery(c, pageQuerySchema)));
  })
  .get("/administrator/cap/cap-sessions/:id/attendance-report", admin, async (c) => {
    const id = readParam(c, "id", uuidSchema, "Sesión no encontrada");
    const report = await buildSessionReport(c.var.db, c.var.tenant, requireAuth(c), id);
    return c.body(report.content, 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${report.fileName}"`,
      "Cache-Control": "no-store",
    });
  });
