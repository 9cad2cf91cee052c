import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { Logger } from "pino";
import type { Context } from "hono";
import type { AppEnv } from "./context";

// A sign-in has no bearer token yet: the route names the user it signed in, for this request's line.
const signedIn = new WeakMap<Context, string>();
export function attributeTo(c: Context, userId: string): void {
  signedIn.set(c, userId);
}

// One line per request: who (tenant, user, impersonator), what (method, route pattern — never the raw path with its
// ids or query), how it ended and how long it took. The request id is the one the browser sees in X-Request-Id.
export function accessLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const line = {
      requestId: c.var.requestId,
      tenant: c.var.tenant?.slug ?? null,
      userId: c.var.auth?.userId ?? signedIn.get(c) ?? null,
      impersonatorId: c.var.auth?.impersonatorId ?? null,
      method: c.req.method,
      route: routePath(c) || "unmatched",
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) logger.error(line, "request failed");
    else logger.info(line, "request");
  });
}
