// A stop that loses nothing, for one server process (Next's standalone server.js under cluster.cjs, or the API alone,
// server/main.ts). On SIGTERM/SIGINT:
//   1. readiness turns to 503 ("draining": /api/ready reads globalThis.__volanteDraining) while the process still
//      serves, for SHUTDOWN_DRAIN_MS (default 5 s), so a proxy or load balancer polling it stops sending requests here;
//      every answer from then on says `Connection: close`, so no kept-alive connection is reused afterwards;
//   2. once no request has come for SHUTDOWN_QUIET_MS (default 1 s; readiness and health probes aside), the listening
//      sockets close (no new connections) and the requests in flight finish, for up to
//      SHUTDOWN_TIMEOUT_MS (default 25 s) counted from the signal; then any connection left is cut;
//   3. the hooks the app registered run (globalThis.__volanteShutdownHooks: the notification worker's last round),
//      the database pool closes (globalThis.__volanteDb), and the process exits 0.
// Plain CommonJS, outside the bundle: cluster.cjs requires it before Next starts, and so does server/main.ts.
const http = require("node:http");

const g = globalThis;

function numberFromEnv(name, fallback) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

function logLine(level, msg, extra = {}) {
  // The same JSON line shape as the app's pino logger (level 30 info, 40 warn).
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...extra })}\n`);
}

/** Records every HTTP server this process creates from now on (Next's server.js creates its own). */
function trackHttpServers() {
  const servers = [];
  const original = http.createServer;
  http.createServer = function createTrackedServer(...args) {
    const server = original.apply(this, args);
    watch(server);
    servers.push(server);
    return server;
  };
  return servers;
}

function watch(server) {
  if (server.__volanteInFlight !== undefined) return;
  server.__volanteInFlight = 0;
  // First of the listeners, so the header is set before the app answers.
  server.prependListener("request", (req, res) => {
    server.__volanteInFlight += 1;
    // The balancer's own probes do not count as traffic (step 2 waits for the traffic to stop).
    if (!PROBES.has((req.url ?? "").split("?")[0])) g.__volanteLastRequestAt = Date.now();
    if (g.__volanteDraining) res.setHeader("Connection", "close");
    res.on("close", () => {
      server.__volanteInFlight -= 1;
    });
  });
}

const PROBES = new Set(["/api/ready", "/api/health"]);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function withTimeout(promise, ms) {
  let timer;
  await Promise.race([promise.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * Installs the SIGTERM/SIGINT handler. `servers` is the list from trackHttpServers() or the servers themselves.
 * Returns the function that runs the stop (for tests and for a primary that forwards the signal).
 */
function installGracefulShutdown(servers, { exit = (code) => process.exit(code) } = {}) {
  for (const server of servers) watch(server);
  let stopping = null;
  const stop = (signal) => {
    if (stopping) return stopping;
    stopping = (async () => {
      const started = Date.now();
      const drainMs = numberFromEnv("SHUTDOWN_DRAIN_MS", 5000);
      const timeoutMs = numberFromEnv("SHUTDOWN_TIMEOUT_MS", 25_000);
      g.__volanteDraining = true;
      logLine(30, "shutting down: readiness is 503, draining", { signal, drainMs, timeoutMs });
      await sleep(Math.min(drainMs, timeoutMs));
      // A balancer whose readiness probe was slow (a busy host) may still be sending: the listening socket stays open
      // until no request has come for SHUTDOWN_QUIET_MS. Closing it earlier resets the connections the kernel had
      // already accepted for this process (ECONNRESET before a byte was read: a lost request).
      const quietMs = numberFromEnv("SHUTDOWN_QUIET_MS", 1000);
      while (Date.now() - (g.__volanteLastRequestAt ?? 0) < quietMs && Date.now() - started < timeoutMs) await sleep(50);
      const inFlight = () => servers.reduce((sum, s) => sum + (s.__volanteInFlight ?? 0), 0);
      await Promise.all(
        servers.map(
          (server) =>
            new Promise((resolve) => {
              if (!server.listening) return resolve();
              server.close(() => resolve());
              server.closeIdleConnections?.();
            }),
        ).concat(
          (async () => {
            // Connections become idle as their last answer is sent: close them as they do, until none is busy.
            while (inFlight() > 0 && Date.now() - started < timeoutMs) {
              await sleep(50);
              for (const server of servers) server.closeIdleConnections?.();
            }
            for (const server of servers) {
              if (inFlight() > 0) server.closeAllConnections?.();
              else server.closeIdleConnections?.();
            }
          })(),
        ),
      );
      const left = inFlight();
      if (left > 0) logLine(40, "shutdown timeout: connections cut with requests in flight", { requests: left });
      const hooks = Array.isArray(g.__volanteShutdownHooks) ? g.__volanteShutdownHooks : [];
      const remaining = Math.max(1000, timeoutMs - (Date.now() - started));
      await withTimeout(Promise.all(hooks.map((hook) => Promise.resolve().then(hook))), remaining);
      if (g.__volanteDb) await withTimeout(Promise.resolve(g.__volanteDb).then((handle) => handle.close()), 5000);
      logLine(30, "stopped", { signal, ms: Date.now() - started });
      exit(0);
    })();
    return stopping;
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void stop(signal));
  return stop;
}

module.exports = { trackHttpServers, installGracefulShutdown };
