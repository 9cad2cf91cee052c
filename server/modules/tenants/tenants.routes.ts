import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { findAsset } from "./tenant-admin.repository";
import { tenantInfo, tenantManifest } from "./tenants.service";

export const tenantRoutes = new Hono<AppEnv>()
  .get("/info", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(tenantInfo(c.var.tenant));
  })
  .get("/manifest", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(tenantManifest(c.var.tenant), 200, { "Content-Type": "application/manifest+json" });
  })
  // Logos and icons uploaded with `npm run tenant`, of the host's own school only.
  .get("/tenant-assets/:name", async (c) => {
    const asset = await findAsset(c.var.db, c.var.tenant.id, c.req.param("name"));
    if (!asset) return c.json({ error: "NOT_FOUND", message: "Recurso no encontrado" }, 404);
    return c.body(new Uint8Array(asset.data), 200, {
      "Content-Type": asset.contentType,
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    });
  });
