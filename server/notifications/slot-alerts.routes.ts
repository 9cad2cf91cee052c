import { Hono } from "hono";
import { uuidSchema } from "@/lib/contract/common";
import { createSlotAlertBodySchema } from "@/lib/contract/slot-alerts";
import { requireAuth, requireRole } from "../http/auth";
import type { AppEnv } from "../http/context";
import { readBody, readParam } from "../http/validate";
import { createSlotAlert, listSlotAlerts, removeSlotAlert } from "./slot-alerts";

const student = requireRole("student");

// 'Avísame si se libera un hueco' (issue 29): the student's own freed-slot alerts.
export const slotAlertRoutes = new Hono<AppEnv>()
  .get("/student/slot-alerts", student, async (c) => c.json(await listSlotAlerts(c.var.db, c.var.tenant, requireAuth(c).userId)))
  .post("/student/slot-alerts", student, async (c) => {
    const body = await readBody(c, createSlotAlertBodySchema);
    const { alert, isNew } = await createSlotAlert(c.var.db, c.var.tenant, requireAuth(c).userId, body);
    return c.json(alert, isNew ? 201 : 200);
  })
  .delete("/student/slot-alerts/:id", student, async (c) => {
    const id = readParam(c, "id", uuidSchema, "Aviso no encontrado");
    await removeSlotAlert(c.var.db, c.var.tenant, requireAuth(c).userId, id);
    return c.body(null, 204);
  });
