import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { installGracefulShutdown } from "./graceful.cjs";
import { getApp } from "./app";
import { getDatabase } from "./db/client";
import { serverEnv } from "./env";
import { filterInternalHeaders } from "./http/internal-headers";
import { ensureNotificationWorker } from "./notifications/worker";

// The API on its own (for deployments that split it from the Next.js front end).
async function main() {
  const { db } = await getDatabase();
  // The job queue's worker (notifications, reminders) runs from the start, not only after a first request.
  ensureNotificationWorker(db);
  const app = getApp();
  const fetch = (request: Request) => app.fetch(filterInternalHeaders(request, serverEnv.INTERNAL_API_SECRET));
  const server = serve({ fetch, port: serverEnv.API_PORT }, (info) => {
    console.log(`Volante API listening on http://localhost:${info.port}/api`);
  });
  // SIGTERM: readiness 503 while draining, no new connections, requests in flight finished, pool closed (graceful.cjs).
  installGracefulShutdown([server as Server]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
