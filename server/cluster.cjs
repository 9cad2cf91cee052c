// The container's entry point: Next's standalone server.js in WEB_CONCURRENCY worker processes that share the port
// (node:cluster), so one container uses every core it is given. One Node process saturates one core (the BFF, the
// API and Next's rendering all run in it: docs/benchmarks.md, "Authenticated API through the BFF").
// Embedded PGlite allows one process per data folder, so without DATABASE_URL there is always a single process.
// A worker that dies is replaced. SIGTERM/SIGINT stop every worker gracefully (server/graceful.cjs: readiness 503 while
// draining, no new connections, the requests in flight finished within 25 s, the pool closed), then the primary exits.
const cluster = require("node:cluster");
const os = require("node:os");
const path = require("node:path");

const serverJs = path.join(__dirname, "server.js");
const { installGracefulShutdown, trackHttpServers } = require("./graceful.cjs");
const { exitWithParent, startWorkerProcess, WORKER_ROLE, workerProcessWanted } = require("./worker-process.cjs");
const requested = Number.parseInt(process.env.WEB_CONCURRENCY ?? "1", 10);
const workers = process.env.DATABASE_URL ? Math.max(1, Math.min(Number.isNaN(requested) ? 1 : requested, os.availableParallelism() * 2)) : 1;

// Next's startup banner ("▲ Next.js 16.4.5", "- Local: …", "- Network: …", "✓ Ready in 0ms", "✓ Running next.config
// took …") is written with console.log as plain text: the only lines of the production logs that are not JSON. Each of
// those lines becomes one JSON line of the app's shape (server/logger.ts: numeric level, ISO time, service); every other
// console.log passes unchanged. Matched on the text without colour codes, so a terminal's colours change nothing.
const NEXT_BANNER = /^(▲ Next\.js |- (Local|Network|Debugger port|Environments):|✓ )/;
function jsonBanner() {
  const log = console.log;
  console.log = function logBannerAsJson(...args) {
    const text = args.length === 1 && typeof args[0] === "string" ? args[0].replace(/\u001b\[[0-9;]*m/g, "") : null;
    if (text === null || !NEXT_BANNER.test(text)) return log.apply(this, args);
    const msg = text.replace(/^(▲|-|✓) /, "").replace(/\s+/g, " ").trim();
    process.stdout.write(`${JSON.stringify({ level: 30, time: new Date().toISOString(), service: "volante-web", pid: process.pid, msg })}\n`);
  };
}

// The notification worker's own process (server/worker-process.cjs): on PostgreSQL in production, this file again with
// VOLANTE_ROLE=notification-worker, at the lowest CPU priority. It runs server.js alone on a free loopback port that
// nothing routes to, and loads its API with one probe, which starts the worker (server/app.ts, getApp).
const isWorkerProcess = process.env.VOLANTE_ROLE === WORKER_ROLE;
const workerProcess = cluster.isPrimary && !isWorkerProcess && workerProcessWanted() ? startWorkerProcess({ modulePath: __filename }) : null;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = require("node:net").createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function loadApi(port) {
  for (let tries = 0; tries < 240; tries++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error(JSON.stringify({ level: 50, msg: "the notification worker process's API did not answer within 2 minutes", pid: process.pid }));
}

function serveHere() {
  jsonBanner();
  // Next's own handler exits as soon as its server closed; ours drains first (server/graceful.cjs).
  process.env.NEXT_MANUAL_SIG_HANDLE = "true";
  const servers = trackHttpServers();
  installGracefulShutdown(servers);
  // A single process stops its worker process after its own requests (the worker's last round finishes first).
  if (workerProcess) (globalThis.__volanteShutdownHooks ??= []).push(() => workerProcess.stop());
  require(serverJs);
}

if (isWorkerProcess) {
  exitWithParent();
  freePort().then((port) => {
    process.env.PORT = String(port);
    process.env.HOSTNAME = "127.0.0.1";
    serveHere();
    void loadApi(port);
  });
} else if (workers === 1 || !cluster.isPrimary) {
  serveHere();
} else {
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();
  const allExited = new Promise((resolve) => {
    cluster.on("exit", () => {
      if (stopping && Object.keys(cluster.workers ?? {}).length === 0) resolve();
    });
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(JSON.stringify({ level: 50, msg: "worker exited; starting another", pid: worker.process.pid, code, signal }));
    setTimeout(fork, 1000);
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      // The notification worker process after the web processes: their requests may still schedule jobs.
      void allExited.then(() => workerProcess?.stop()).then(() => process.exit(0));
      // The workers take up to SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS in all (30 s by default); past that, leave.
      const limit = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000) + Number(process.env.SHUTDOWN_DRAIN_MS ?? 5000) + 5000;
      setTimeout(() => process.exit(0), Number.isFinite(limit) ? limit : 35_000).unref();
    });
  }
}
