import { Hono } from "hono";
import type { Db } from "../../db/client";
import { readiness } from "./health.service";

// Liveness and readiness for orchestrators: no tenant, no authentication, no details beyond yes/no per check.
export function healthRoutes(resolveDb: () => Promise<Db>) {
  return new Hono()
    .get("/health", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }))
    .get("/ready", async (c) => {
      // Set by server/graceful.cjs on SIGTERM: still serving, but the balancer should send nothing new here.
      if ((globalThis as { __volanteDraining?: boolean }).__volanteDraining) {
        return c.json({ status: "draining" }, 503, { "Cache-Control": "no-store" });
      }
      const result = await readiness(resolveDb);
      return c.json({ status: result.ready ? "ready" : "not-ready", checks: result.checks }, result.ready ? 200 : 503, {
        "Cache-Control": "no-store",
      });
    });
}
