import { Hono } from "hono";
import { createOverrideBodySchema, replaceRulesBodySchema } from "@/lib/contract/availability";
import { uuidSchema } from "@/lib/contract/common";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody, readParam } from "../../http/validate";
import { addOverride, getAvailability, removeOverride, setRules } from "./availability.service";

export const availabilityRoutes = new Hono<AppEnv>()
  .get("/instructor/availability", requireRole("instructor"), async (c) => c.json(await getAvailability(c.var.db, c.var.tenant, requireAuth(c).userId)))
  .put("/instructor/availability/rules", requireRole("instructor"), async (c) => {
    const body = await readBody(c, replaceRulesBodySchema);
    return c.json(await setRules(c.var.db, c.var.tenant, requireAuth(c), body));
  })
  .post("/instructor/availability/overrides", requireRole("instructor"), async (c) => {
    const body = await readBody(c, createOverrideBodySchema);
    return c.json(await addOverride(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  .delete("/instructor/availability/overrides/:id", requireRole("instructor"), async (c) => {
    const id = readParam(c, "id", uuidSchema, "Excepción no encontrada");
    await removeOverride(c.var.db, c.var.tenant, requireAuth(c), id);
    return c.json({ success: true });
  });
