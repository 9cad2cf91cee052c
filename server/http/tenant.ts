import { createMiddleware } from "hono/factory";
import { TENANT_HOST_HEADER } from "@/lib/tenant/host";
import { isProduction } from "../env";
import { tenantOfHost } from "../modules/tenants/tenant-cache";
import type { AppEnv } from "./context";
import { AppError } from "./errors";

// The BFF (or a reverse proxy, when the API runs alone) states which host the user opened.
export const resolveTenant = createMiddleware<AppEnv>(async (c, next) => {
  const host = (c.req.header(TENANT_HOST_HEADER) ?? c.req.header("host") ?? "").replace(/:\d+$/, "").toLowerCase();
  const tenant = await tenantOfHost(c.var.db, host, { allowLocalhostFallback: !isProduction });
  if (!tenant) throw new AppError("TENANT_NOT_FOUND", "Autoescuela no encontrada");
  c.set("tenant", tenant);
  await next();
});
