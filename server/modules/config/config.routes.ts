import { Hono } from "hono";
import { requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { getConfig } from "./config.service";

export const configRoutes = new Hono<AppEnv>().get("/config", requireRole("any"), async (c) =>
  c.json(await getConfig(c.var.db, c.var.tenant.id)),
);
