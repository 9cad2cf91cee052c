import { Hono } from "hono";
import { addAttendanceBodySchema, createAttendanceBodySchema } from "@/lib/contract/cap";
import { uuidSchema } from "@/lib/contract/common";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody, readParam } from "../../http/validate";
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
  .get("/administrator/cap/cap-sessions/:id/attendance-report", admin, async (c) => {
    const id = readParam(c, "id", uuidSchema, "Sesión no encontrada");
    const report = await buildSessionReport(c.var.db, c.var.tenant, requireAuth(c), id);
    return c.body(report.content, 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${report.fileName}"`,
      "Cache-Control": "no-store",
    });
  });
