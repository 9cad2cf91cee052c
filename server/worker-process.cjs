// The notification worker in a process of its own, at the lowest CPU priority, started and stopped by the instance it
// belongs to (server/main.ts, the API alone; server/cluster.cjs, the image's entry point). The web/API processes then
// run without a worker (NOTIFICATION_WORKER=off) and a burst of deliveries (10,000 reminders of lessons at the same
// hour) takes only the CPU they leave: docs/operations.md#notification-worker, docs/benchmarks.md#notifications.
// Plain CommonJS, outside the bundle, like graceful.cjs.
const { fork } = require("node:child_process");
const os = require("node:os");

/** The role a process started by startWorkerProcess() has (process.env.VOLANTE_ROLE). */
const WORKER_ROLE = "notification-worker";
const DEFAULT_NICENESS = 19;

/**
 * Whether this instance runs its worker in a process of its own: NOTIFICATION_WORKER=process asks for it, and it is
 * the default of production on PostgreSQL. Never on embedded PGlite (one process per data folder), never when
 * NOTIFICATION_WORKER is on (in the server's own process) or off.
 */
function workerProcessWanted(env = process.env) {
  if (!env.DATABASE_URL || env.VOLANTE_ROLE === WORKER_ROLE) return false;
  if (env.NOTIFICATION_WORKER === "process") return true;
  if (env.NOTIFICATION_WORKER) return false;
  return env.NODE_ENV === "production";
}

/** NOTIFICATION_WORKER_NICE: 0–19, default 19 (the lowest priority). */
function niceness(env = process.env) {
  const value = Number(env.NOTIFICATION_WORKER_NICE);
  return Number.isInteger(value) && value >= 0 && value <= 19 ? value : DEFAULT_NICENESS;
}

const CHRT = "/usr/bin/chrt";

/**
 * Linux's SCHED_IDLE policy, through util-linux's chrt (in every Debian image, the app's included), when the lowest
 * priority is asked for (NOTIFICATION_WORKER_NICE unset or 19). Niceness 19 alone is not enough on a busy host: with
 * the kernel's EEVDF scheduler (Linux 6.6+) a waking request may wait for a niced task's time slice to end (a few ms on
 * the load's p95); a task of the idle policy is preempted at once by any other that wakes. Its threads inherit it.
 */
function idlePolicyCommand(env = process.env) {
  if (process.platform !== "linux" || niceness(env) !== DEFAULT_NICENESS || env.NOTIFICATION_WORKER_SCHED === "normal") return null;
  return require("node:fs").existsSync(CHRT) ? CHRT : null;
}

function logLine(level, msg, extra = {}) {
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), pid: process.pid, msg, ...extra })}\n`);
}

/**
 * Forks `modulePath` as the worker process: NOTIFICATION_WORKER=on, rounds of 500, a 1 s poll and a duty of 0.5 unless
 * set (a process that serves no one can take big rounds; it rests as long as each full round took),
 * VOLANTE_ROLE=notification-worker, then lowers its CPU priority. This process stops serving as a worker
 * (NOTIFICATION_WORKER=off, inherited by what it starts after). A worker process that crashes is
 * started again after a second. stop() ends it with SIGTERM (its last round finishes) and resolves when it has exited.
 */
function startWorkerProcess({ modulePath, env = {}, execArgv = process.execArgv }) {
  process.env.NOTIFICATION_WORKER = "off";
  const nice = niceness();
  const chrt = idlePolicyCommand();
  let child = null;
  let stopping = false;
  const start = () => {
    // With chrt: `chrt --idle 0 node <execArgv> <module>`, which execs node in place (same pid, environment and IPC).
    child = fork(modulePath, [], {
      ...(chrt ? { execPath: chrt, execArgv: ["--idle", "0", process.execPath, ...execArgv] } : { execArgv }),
      stdio: "inherit",
      env: {
        ...process.env,
        NOTIFICATION_BATCH: process.env.NOTIFICATION_BATCH ?? "500",
        NOTIFICATION_POLL_MS: process.env.NOTIFICATION_POLL_MS ?? "1000",
        // Half the time working, half resting, while a backlog lasts: the serving processes keep the cores half the time
        // (docs/decisions/notifications.md#worker-process).
        NOTIFICATION_DUTY: process.env.NOTIFICATION_DUTY ?? "0.5",
        ...env,
        // It serves no traffic: on SIGTERM its last round finishes at once, with no balancer to drain (graceful.cjs).
        SHUTDOWN_DRAIN_MS: "0",
        SHUTDOWN_QUIET_MS: "0",
        NOTIFICATION_WORKER: "on",
        VOLANTE_ROLE: WORKER_ROLE,
      },
    });
    try {
      os.setPriority(child.pid, nice);
    } catch (error) {
      logLine(40, "could not lower the notification worker's CPU priority", { error: String(error) });
    }
    logLine(30, "notification worker process started", { worker: child.pid, niceness: nice, policy: chrt ? "SCHED_IDLE" : "normal" });
    const current = child;
    current.on("exit", (code, signal) => {
      if (stopping) return;
      // Stopped on purpose (its graceful stop exits 0; a terminal's Ctrl-C reaches the whole process group): not
      // started again. A crash is.
      if (code === 0 || signal === "SIGINT" || signal === "SIGTERM") {
        logLine(30, "notification worker process stopped", { worker: current.pid, code, signal });
        return;
      }
      logLine(50, "notification worker process exited; starting another", { worker: current.pid, code, signal });
      setTimeout(() => {
        if (!stopping) start();
      }, 1000).unref();
    });
  };
  start();
  return {
    pid: () => child?.pid,
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        stopping = true;
        if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}

/**
 * In the worker process: ends it when the instance that started it is gone (its IPC channel closes, as when it was
 * killed without a chance to stop us), through the same stop as a SIGTERM.
 */
function exitWithParent() {
  if (typeof process.send !== "function") return;
  process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
}

module.exports = { WORKER_ROLE, workerProcessWanted, startWorkerProcess, exitWithParent, niceness };
