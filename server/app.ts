import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { CLIENT_IP_HEADER } from "@/lib/tenant/host";
import { getDatabase, type Db } from "./db/client";
import { readAuth } from "./http/auth";
import type { AppEnv } from "./http/context";
import { AppError } from "./http/errors";
import { resolveTenant } from "./http/tenant";
import { authRoutes } from "./modules/auth/auth.routes";
import { tenantRoutes } from "./modules/tenants/tenants.routes";
import { availabilityRoutes } from "./modules/availability/availability.routes";
import { balanceRoutes } from "./modules/balance/balance.routes";
import { configRoutes } from "./modules/config/config.routes";
import { instructorRoutes } from "./modules/instructor/instructor.routes";
import { reservationRoutes } from "./modules/reservations/reservations.routes";
import { capRoutes } from "./modules/cap/cap.routes";
import { assertBiometricKeyConfigured } from "./biometrics/crypto";

export type AppDeps = { db?: () => Promise<Db> };

// Modules mount here; each one brings its own routes under /api.
export function createApp(deps: AppDeps = {}) {
  const resolveDb = deps.db ?? (async () => (await getDatabase()).db);
  const app = new Hono<AppEnv>().basePath("/api");

  app.use(requestId());
  app.use(
    bodyLimit({
      maxSize: 12 * 1024 * 1024,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", "La petición es demasiado grande");
      },
    }),
  );
  app.use(async (c, next) => {
    c.set("db", await resolveDb());
    c.set("clientIp", c.req.header(CLIENT_IP_HEADER) ?? "unknown");
    await next();
  });
  app.use(resolveTenant);
  app.use(readAuth);

  app.route("/", tenantRoutes);
  app.route("/", authRoutes);
  app.route("/", configRoutes);
  app.route("/", balanceRoutes);
  app.route("/", reservationRoutes);
  app.route("/", availabilityRoutes);
  app.route("/", instructorRoutes);
  app.route("/", capRoutes);

  app.notFound((c) => c.json({ error: "NOT_FOUND", message: "Recurso no encontrado" }, 404));
  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status);
    // Unknown errors are logged with the request id and answered without internals.
    console.error(`[api] ${c.var.requestId ?? "-"} ${c.req.method} ${c.req.path}`, error);
    return c.json(
      { error: "INTERNAL_SERVER_ERROR", message: "Ha ocurrido un error en el servidor", requestId: c.var.requestId },
      500,
    );
  });
  return app;
}

export type ApiApp = ReturnType<typeof createApp>;

const globalApp = globalThis as unknown as { __volanteApi?: ApiApp };

export function getApp(): ApiApp {
  // Biometric data cannot be stored unencrypted: without its key (production) the API does not start.
  assertBiometricKeyConfigured();
  globalApp.__volanteApi ??= createApp();
  return globalApp.__volanteApi;
}
