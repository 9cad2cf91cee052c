import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { tenantInfo, tenantManifest } from "./tenants.service";

export const tenantRoutes = new Hono<AppEnv>()
  .get("/info", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(tenantInfo(c.var.tenant));
  })
  .get("/manifest", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(tenantManifest(c.var.tenant), 200, { "Content-Type": "application/manifest+json" });
  });
