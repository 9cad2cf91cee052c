import { Hono } from "hono";
import { balanceAdjustmentBodySchema, deskStudentQuerySchema } from "@/lib/contract/balance";
import { uuidSchema } from "@/lib/contract/common";
import { pageQuerySchema } from "@/lib/contract/paging";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { sendPage } from "../../http/cursor";
import { readBody, readParam, readQuery } from "../../http/validate";
import { getBalance, getBalanceHistory } from "./balance.service";
import { adjustBalance, getDeskStudent, searchDeskStudents } from "./desk.service";

const admin = requireRole("administrator");
const STUDENT_NOT_FOUND = "Alumno no encontrado";

export const balanceRoutes = new Hono<AppEnv>()
  .get("/student/balance", requireRole("student"), async (c) =>
    c.json(await getBalance(c.var.db, c.var.tenant.id, requireAuth(c).userId)),
  )
  .get("/student/balance/history", requireRole("student"), async (c) => {
    const page = readQuery(c, pageQuerySchema);
    return sendPage(c, await getBalanceHistory(c.var.db, c.var.tenant.id, requireAuth(c).userId, page));
  })
  // The school's balance desk (administrator).
  .get("/administrator/balances/students", admin, async (c) => {
    return sendPage(c, await searchDeskStudents(c.var.db, c.var.tenant.id, readQuery(c, deskStudentQuerySchema)));
  })
  .get("/administrator/balances/students/:id", admin, async (c) =>
    c.json(await getDeskStudent(c.var.db, c.var.tenant.id, readParam(c, "id", uuidSchema, STUDENT_NOT_FOUND))),
  )
  .post("/administrator/balances/students/:id/adjustments", admin, async (c) => {
    const id = readParam(c, "id", uuidSchema, STUDENT_NOT_FOUND);
    const body = await readBody(c, balanceAdjustmentBodySchema);
    return c.json(await adjustBalance(c.var.db, c.var.tenant.id, requireAuth(c), id, body), 201);
  });
