import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { CLIENT_IP_HEADER } from "@/lib/tenant/host";
import { getDatabase, type Db } from "./db/client";
import { readAuth } from "./http/auth";
import type { AppEnv } from "./http/context";
import { AppError } from "./http/errors";
import { isBadInputError, safeErrorSummary } from "./db/pg-errors";
import { resolveTenant } from "./http/tenant";
import { housekeeping } from "./http/housekeeping";
import { authRoutes } from "./modules/auth/auth.routes";
import { tenantRoutes } from "./modules/tenants/tenants.routes";
import { availabilityRoutes } from "./modules/availability/availability.routes";
import { balanceRoutes } from "./modules/balance/balance.routes";
import { configRoutes } from "./modules/config/config.routes";
import { instructorRoutes } from "./modules/instructor/instructor.routes";
import { reservationRoutes } from "./modules/reservations/reservations.routes";
import { capRoutes } from "./modules/cap/cap.routes";
import { messagingRoutes } from "./modules/messaging/messaging.routes";
import { shopRoutes } from "./modules/shop/shop.routes";
import { paymentSettingsRoutes } from "./modules/shop/payment-settings.routes";
import { practiceRoutes } from "./modules/practices/practices.routes";
import { examRoutes } from "./modules/exams/exams.routes";
import { CONTENT_UPLOAD_PATH, contentRoutes } from "./modules/content/content.routes";
import { backofficeRoutes } from "./modules/backoffice/backoffice.routes";
import { officeRoutes } from "./modules/office/office.routes";
import { peopleRoutes } from "./modules/people/people.routes";
import { salesRoutes } from "./modules/sales/sales.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { notificationRoutes } from "./notifications/notifications.routes";
import { unsubscribeRoutes } from "./notifications/unsubscribe.routes";
import { slotAlertRoutes } from "./notifications/slot-alerts.routes";
import { ensureNotificationWorker, isWorkerProcess, notificationWorker } from "./notifications/worker";
import { accessLog } from "./http/access-log";
import { publicAuthGuard, type PublicAuthOptions } from "./http/public-auth-guard";
import { getLogger } from "./logger";
import type { Logger } from "pino";
import { assertBiometricKeyConfigured } from "./biometrics/crypto";

export type AppDeps = { db?: () => Promise<Db>; logger?: Logger; publicAuth?: Partial<PublicAuthOptions> };

// Modules mount here; each one brings its own routes under /api.
export function createApp(deps: AppDeps = {}) {
  const resolveDb = deps.db ?? (async () => (await getDatabase()).db);
  const app = new Hono<AppEnv>().basePath("/api");
  const logger = deps.logger ?? getLogger();

  // X-Request-Id: adopted from the caller (the BFF forwards the browser's) or created, and returned on every answer.
  app.use(requestId());
  app.use(accessLog(logger));
  const jsonBodyLimit = bodyLimit({
    maxSize: 12 * 1024 * 1024,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", "La petición es demasiado grande");
    },
  });
  // The content upload streams to storage with its own per-type limits (content/file-checks.ts).
  app.use((c, next) => (c.req.method === "POST" && c.req.path === CONTENT_UPLOAD_PATH ? next() : jsonBodyLimit(c, next)));
  // Probes answer before tenant resolution and authentication.
  app.route("/", healthRoutes(resolveDb));
  app.use(async (c, next) => {
    c.set("db", await resolveDb());
    c.set("clientIp", c.req.header(CLIENT_IP_HEADER) ?? "unknown");
    await next();
  });
  // The public sign-in calls: per-address rate, and bounded like the password hashes they lead to.
  app.use(publicAuthGuard(deps.publicAuth));
  app.use(housekeeping);
  app.use(notificationWorker);
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
  app.route("/", messagingRoutes);
  app.route("/", shopRoutes);
  app.route("/", paymentSettingsRoutes);
  app.route("/", practiceRoutes);
  app.route("/", examRoutes);
  app.route("/", contentRoutes);
  app.route("/", backofficeRoutes);
  app.route("/", officeRoutes);
  app.route("/", peopleRoutes);
  app.route("/", salesRoutes);
  app.route("/", notificationRoutes);
  app.route("/", unsubscribeRoutes);
  app.route("/", slotAlertRoutes);

  app.notFound((c) => c.json({ error: "NOT_FOUND", message: "Recurso no encontrado" }, 404));
  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status, error.headers());
    if (isBadInputError(error)) {
      return c.json({ error: "VALIDATION_ERROR", message: "Los datos enviados no son válidos" }, 422);
    }
    // Unknown errors are logged with the request id and answered without internals; never the query's parameters.
    const summary = safeErrorSummary(error);
    logger.error({ requestId: c.var.requestId, method: c.req.method, route: c.req.routePath, ...summary, stack: error instanceof Error ? error.stack?.split("\n").slice(1, 6).join("\n") : undefined }, "unhandled error");
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
  if (!globalApp.__volanteApi) {
    globalApp.__volanteApi = createApp();
    // The instance's notification worker process (server/worker-process.cjs, a Next server on a loopback port that
    // serves no one) starts its worker as soon as its API is loaded, not at a first request past the probes.
    if (isWorkerProcess()) {
      getDatabase()
        .then(({ db }) => ensureNotificationWorker(db))
        .catch((error: unknown) => getLogger().error({ ...safeErrorSummary(error) }, "the notification worker could not start"));
    }
  }
  return globalApp.__volanteApi;
}
