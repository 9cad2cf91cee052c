import { Hono } from "hono";
import { sectionBodySchema } from "@/lib/contract/cap";
import { uuidSchema } from "@/lib/contract/common";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody, readParam } from "../../http/validate";
import { createSection, editSection, getSections, removeSection } from "./sections.service";

const admin = requireRole("administrator");
const sectionId = (c: Parameters<typeof readParam>[0]) => readParam(c, "id", uuidSchema, "Sección no encontrada");

export const sectionRoutes = new Hono<AppEnv>()
  .get("/administrator/sections", admin, async (c) => c.json(await getSections(c.var.db, c.var.tenant)))
  .post("/administrator/sections", admin, async (c) => {
    const body = await readBody(c, sectionBodySchema);
    return c.json(await createSection(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  .post("/administrator/sections/:id", admin, async (c) => {
    const id = sectionId(c);
    const body = await readBody(c, sectionBodySchema);
    return c.json(await editSection(c.var.db, c.var.tenant, requireAuth(c), id, body));
  })
  .delete("/administrator/sections/:id", admin, async (c) => {
    await removeSection(c.var.db, c.var.tenant, requireAuth(c), sectionId(c));
    return c.body(null, 204);
  });
