import { Hono, type Context } from "hono";
import { uuidSchema } from "@/lib/contract/common";
import { createIframeBodySchema, moveContentBodySchema, updateContentBodySchema, uploadQuerySchema } from "@/lib/contract/content";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody, readParam, readQuery } from "../../http/validate";
import { CONTENT_NOT_FOUND, findAdminItem, findStudentItem, getStudentContent, getStudentItem, listLibrary } from "./content.service";
import { fileResponse } from "./file-response";
import { addIframe, moveItem, removeItem, updateItem, uploadFile } from "./library.service";

// The upload path: app.ts exempts it from the global JSON body limit (it applies its own per type).
export const CONTENT_UPLOAD_PATH = "/api/administrator/content/upload";

const itemId = (c: Context<AppEnv>) => readParam(c, "id", uuidSchema, CONTENT_NOT_FOUND);

export const contentRoutes = new Hono<AppEnv>()
  .get("/student/content", requireRole("student"), async (c) =>
    c.json(await getStudentContent(c.var.db, c.var.tenant.id, requireAuth(c).userId)),
  )
  .get("/student/content/:id", requireRole("student"), async (c) =>
    c.json(await getStudentItem(c.var.db, c.var.tenant.id, requireAuth(c).userId, itemId(c))),
  )
  .get("/student/content/:id/file", requireRole("student"), async (c) => {
    const row = await findStudentItem(c.var.db, c.var.tenant.id, requireAuth(c).userId, itemId(c));
    return fileResponse(row, c.req.header("range"));
  })
  .get("/administrator/content", requireRole("administrator"), async (c) =>
    c.json(await listLibrary(c.var.db, c.var.tenant.id)),
  )
  .get("/administrator/content/:id/file", requireRole("administrator"), async (c) =>
    fileResponse(await findAdminItem(c.var.db, c.var.tenant.id, itemId(c)), c.req.header("range")),
  )
  .post("/administrator/content/upload", requireRole("administrator"), async (c) => {
    const query = readQuery(c, uploadQuerySchema);
    const length = Number(c.req.header("content-length") ?? 0) || 0;
    return c.json(await uploadFile(c.var.db, c.var.tenant.id, requireAuth(c), query, c.req.raw.body, length), 201);
  })
  .post("/administrator/content/iframes", requireRole("administrator"), async (c) =>
    c.json(await addIframe(c.var.db, c.var.tenant.id, requireAuth(c), await readBody(c, createIframeBodySchema)), 201),
  )
  .patch("/administrator/content/:id", requireRole("administrator"), async (c) => {
    const id = itemId(c);
    return c.json(await updateItem(c.var.db, c.var.tenant.id, requireAuth(c), id, await readBody(c, updateContentBodySchema)));
  })
  .post("/administrator/content/:id/move", requireRole("administrator"), async (c) => {
    const id = itemId(c);
    return c.json(await moveItem(c.var.db, c.var.tenant.id, requireAuth(c), id, await readBody(c, moveContentBodySchema)));
  })
  .delete("/administrator/content/:id", requireRole("administrator"), async (c) => {
    await removeItem(c.var.db, c.var.tenant.id, requireAuth(c), itemId(c));
    return c.body(null, 204);
  });
