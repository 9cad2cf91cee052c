// The container's entry point: Next's standalone server.js in WEB_CONCURRENCY worker processes that share the port
// (node:cluster), so one container uses every core it is given. One Node process saturates one core (the BFF, the
// API and Next's rendering all run in it: docs/benchmarks.md, "Authenticated API through the BFF").
// Embedded PGlite allows one process per data folder, so without DATABASE_URL there is always a single process.
// A worker that dies is replaced; SIGTERM/SIGINT stop every worker (they finish their requests as Next does).
const cluster = require("node:cluster");
const os = require("node:os");
const path = require("node:path");

const serverJs = path.join(__dirname, "server.js");
const requested = Number.parseInt(process.env.WEB_CONCURRENCY ?? "1", 10);
const workers = process.env.DATABASE_URL ? Math.max(1, Math.min(Number.isNaN(requested) ? 1 : requested, os.availableParallelism() * 2)) : 1;

if (workers === 1 || !cluster.isPrimary) {
  require(serverJs);
} else {
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(JSON.stringify({ level: 50, msg: "worker exited; starting another", pid: worker.process.pid, code, signal }));
    setTimeout(fork, 1000);
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      setTimeout(() => process.exit(0), 15_000).unref();
    });
  }
}
