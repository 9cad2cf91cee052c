import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { installGracefulShutdown } from "./graceful.cjs";
import { getApp } from "./app";
import { getDatabase } from "./db/client";
import { serverEnv } from "./env";
import { filterInternalHeaders } from "./http/internal-headers";
import { ensureNotificationWorker } from "./notifications/worker";
import { exitWithParent, startWorkerProcess, WORKER_ROLE, workerProcessWanted } from "./worker-process.cjs";

// The API on its own (for deployments that split it from the Next.js front end).
async function main() {
  // On PostgreSQL in production (or NOTIFICATION_WORKER=process): the job queue's worker runs in a child process of
  // this one at the lowest CPU priority, and this process only serves (server/worker-process.cjs).
  const workerProcess = workerProcessWanted() ? startWorkerProcess({ modulePath: process.argv[1]! }) : null;
  const { db } = await getDatabase();
  // The job queue's worker (notifications, reminders) runs from the start, not only after a first request.
  ensureNotificationWorker(db);
  const app = getApp();
  const fetch = (request: Request) => app.fetch(filterInternalHeaders(request, serverEnv.INTERNAL_API_SECRET));
  const server = serve({ fetch, port: serverEnv.API_PORT }, (info) => {
    console.log(`Volante API listening on http://localhost:${info.port}/api`);
  });
  // SIGTERM: readiness 503 while draining, no new connections, requests in flight finished, pool closed (graceful.cjs);
  // the worker process ends after the requests (its last round finishes first).
  if (workerProcess) ((globalThis as { __volanteShutdownHooks?: (() => Promise<void>)[] }).__volanteShutdownHooks ??= []).push(() => workerProcess.stop());
  installGracefulShutdown([server as Server]);
}

/** The worker process this file starts (VOLANTE_ROLE): the worker alone, no HTTP server. */
async function workerOnly() {
  const { db } = await getDatabase();
  ensureNotificationWorker(db);
  exitWithParent();
  console.log(`Volante notification worker running (pid ${process.pid})`);
  // SIGTERM: the round in progress finishes (the worker's shutdown hook), the pool closes.
  installGracefulShutdown([]);
}

(process.env.VOLANTE_ROLE === WORKER_ROLE ? workerOnly() : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
