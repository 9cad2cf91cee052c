import os from "node:os";
import crypto from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client";
import type { AppEnv } from "../http/context";
import { safeErrorSummary } from "../db/pg-errors";
import { getLogger } from "../logger";
import { claimJobs, completeJobs, failJob, JOB_TIMEOUT_MS, postponeJob, purgeDoneJobs, type Job } from "./queue";
import { JobFailure, jobHandler, periodicTasks, type JobContext, type JobOutcome } from "./job-registry";
// Every handler registers itself on import (deliver, reminders, agenda, …).
import "./handlers";

export { registerJobHandler, registerPeriodicTask } from "./job-registry";

// The in-process worker of the job queue: every app process runs one. It claims due jobs (at most `limit` per round),
// runs each one's handler, and completes, postpones or retries it. Nothing here is shared between processes but the
// table: two processes (or two workers in one) never run the same job at once (SKIP LOCKED + lease).

export const DEFAULT_BATCH = 20;
const IDLE_POLL_MS = 5_000;
const BUSY_POLL_MS = 1_000;
const DAY_MS = 86_400_000;
export const KEEP_DONE_JOBS_MS = 7 * DAY_MS;
const PURGE_EVERY_MS = 3_600_000;

export type RoundResult = { claimed: number; done: number; postponed: number; retried: number; failed: number };

export const newWorkerId = () => `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
const processWorkerId = newWorkerId();

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

class JobTimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new JobTimeoutError(`job timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Outcome = keyof Omit<RoundResult, "claimed">;
type HandlerEntry = NonNullable<ReturnType<typeof jobHandler>>;

/**
 * What becomes of a job after its handler: postponed, retried or failed here; a finished one is only reported "done"
 * (the round completes all of them in one statement, completeJobs). A job whose handler finished but whose completion
 * was lost runs again after its lease, as one whose process died before completing always could: the handlers find
 * their work done (a delivery no longer pending, a notification's dedupe key) and send nothing twice.
 */
async function settle(db: Db, job: Job, entry: HandlerEntry | null, result: JobOutcome | JobFailure, ctx: JobContext): Promise<Outcome> {
  if (!(result instanceof JobFailure)) {
    if (result && "postponeUntil" in result) {
      await postponeJob(db, job, result.postponeUntil);
      return "postponed";
    }
    return "done";
  }
  const message = describe(result.error);
  const outcome = await failJob(db, job, message, ctx.now);
  if (outcome === "retry") return "retried";
  getLogger().warn({ job: job.key, kind: job.kind, attempts: job.attempts, error: message }, "job failed for good");
  await entry?.options.onGiveUp?.(job, message, ctx);
  return "failed";
}

async function runOne(job: Job, entry: HandlerEntry | null, ctx: JobContext): Promise<JobOutcome | JobFailure> {
  try {
    if (!entry) throw new Error(`no handler for job kind "${job.kind}"`);
    return await withTimeout(entry.handler(job, ctx), JOB_TIMEOUT_MS);
  } catch (error) {
    return new JobFailure(error);
  }
}

/** The jobs of one kind: together when the kind has a batch handler and there are several, else one by one. */
async function runKind(jobsOfKind: Job[], entry: HandlerEntry | null, ctx: JobContext): Promise<(JobOutcome | JobFailure)[]> {
  const batch = entry?.options.batch;
  if (batch && jobsOfKind.length > 1) {
    try {
      const outcomes = await withTimeout(batch(jobsOfKind, ctx), JOB_TIMEOUT_MS);
      return jobsOfKind.map((job) => (outcomes.has(job.id) ? outcomes.get(job.id) : new JobFailure(new Error("the batch gave this job no outcome"))));
    } catch (error) {
      // A batch still running after the timeout may yet send: its jobs wait for their back-off (by then a delivery
      // it finished is no longer pending), never a second run at once.
      if (error instanceof JobTimeoutError) return jobsOfKind.map(() => new JobFailure(error));
      getLogger().warn({ kind: jobsOfKind[0]!.kind, jobs: jobsOfKind.length, error: describe(error) }, "batch failed; running its jobs one by one");
    }
  }
  return Promise.all(jobsOfKind.map((job) => runOne(job, entry, ctx)));
}

/** One round: claims the due jobs (up to `limit`) and runs them at once. Tests call it with a chosen `now`. */
export async function runDueJobs(db: Db, options: { now?: Date; limit?: number; workerId?: string } = {}): Promise<RoundResult> {
  const workerId = options.workerId ?? processWorkerId;
  const claimed = await claimJobs(db, workerId, options.limit ?? DEFAULT_BATCH, options.now);
  const result: RoundResult = { claimed: claimed.length, done: 0, postponed: 0, retried: 0, failed: 0 };
  const ctx: JobContext = { db, now: options.now ?? new Date(), workerId };
  const byKind = new Map<string, Job[]>();
  for (const job of claimed) byKind.set(job.kind, [...(byKind.get(job.kind) ?? []), job]);
  const done: number[] = [];
  await Promise.all(
    [...byKind].map(async ([kind, jobsOfKind]) => {
      const entry = jobHandler(kind);
      const outcomes = await runKind(jobsOfKind, entry, ctx);
      await Promise.all(
        jobsOfKind.map(async (job, i) => {
          try {
            const outcome = await settle(db, job, entry, outcomes[i]!, ctx);
            if (outcome === "done") done.push(job.id);
            else result[outcome] += 1;
          } catch (error) {
            // The job's own bookkeeping failed (database gone): its lease expires and another round takes it.
            getLogger().warn({ job: job.key, ...safeErrorSummary(error) }, "job bookkeeping failed");
          }
        }),
      );
    }),
  );
  try {
    result.done = await completeJobs(db, workerId, done, options.now);
  } catch (error) {
    getLogger().warn({ jobs: done.length, ...safeErrorSummary(error) }, "completing the round's jobs failed");
  }
  return result;
}

/** NOTIFICATION_POLL_MS: how often an idle worker looks for due jobs (default 5 s). */
export function pollIntervalMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.NOTIFICATION_POLL_MS);
  return Number.isInteger(value) && value >= 10 && value <= 600_000 ? value : IDLE_POLL_MS;
}

/** NOTIFICATION_BATCH: how many due jobs a round claims and runs at once (default 20, 1–500). */
export function batchSize(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.NOTIFICATION_BATCH);
  return Number.isInteger(value) && value >= 1 && value <= 500 ? value : DEFAULT_BATCH;
}

/**
 * NOTIFICATION_DUTY: the share of time a worker with a backlog spends working, 0.1–1 (default 1: the next round at
 * once; the instance's worker process is started with 0.5, server/worker-process.cjs). At 0.5 it rests after each full
 * round as long as that round took, which leaves the host's cores idle half the time for the requests of the app's
 * users (a worker process already yields to them at once; what is left is the machine itself running slower while both
 * cores are busy: docs/benchmarks.md#notifications).
 */
export function dutyCycle(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.NOTIFICATION_DUTY);
  return Number.isFinite(value) && value >= 0.1 && value <= 1 ? value : 1;
}

export type WorkerHandle = { stop: () => Promise<void>; workerId: string };

/**
 * How long a worker waits before its next round: a full round (a backlog) rests (1/duty − 1) times as long as it took,
 * a round with some work looks again within a second, an empty one after the idle poll.
 */
export function nextRoundDelay(round: { claimed: number; limit: number; tookMs: number }, duty: number, idleMs: number): number {
  if (round.claimed >= round.limit) return Math.round(round.tookMs * (1 / duty - 1));
  return round.claimed > 0 ? Math.min(BUSY_POLL_MS, idleMs) : idleMs;
}

/**
 * Polls in the background: at once again while rounds come back full, every second while there is work, every
 * NOTIFICATION_POLL_MS when idle. Also runs the periodic tasks and deletes finished jobs older than a week. Timers are
 * unref'd (never keep a process alive); failures are logged and the next round tries again.
 */
export function startNotificationWorker(db: Db, options: { pollMs?: number; limit?: number } = {}): WorkerHandle {
  const idleMs = options.pollMs ?? pollIntervalMs();
  const limit = options.limit ?? batchSize();
  const duty = dutyCycle();
  const workerId = newWorkerId();
  const lastRun = new Map<string, number>();
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const runPeriodic = async (now: Date) => {
    for (const task of periodicTasks()) {
      if (now.getTime() - (lastRun.get(task.name) ?? 0) < task.intervalMs) continue;
      lastRun.set(task.name, now.getTime());
      await task.run(db, now).catch((error: unknown) => getLogger().warn({ task: task.name, ...safeErrorSummary(error) }, "periodic task failed"));
    }
    if (now.getTime() - (lastRun.get("purge") ?? 0) >= PURGE_EVERY_MS) {
      lastRun.set("purge", now.getTime());
      await purgeDoneJobs(db, new Date(now.getTime() - KEEP_DONE_JOBS_MS));
    }
  };

  const round = async () => {
    let claimed = 0;
    // A process that is shutting down (server/graceful.cjs) takes no new jobs; its last round finishes in stop().
    if (isDraining()) return;
    const started = performance.now();
    try {
      await runPeriodic(new Date());
      claimed = (await runDueJobs(db, { limit, workerId })).claimed;
    } catch (error) {
      getLogger().warn({ ...safeErrorSummary(error) }, "notification worker round failed");
    }
    if (isStopped) return;
    timer = setTimeout(() => (current = round()), nextRoundDelay({ claimed, limit, tookMs: performance.now() - started }, duty, idleMs));
    timer.unref();
  };
  timer = setTimeout(() => (current = round()), 0);
  timer.unref();
  return {
    workerId,
    stop: async () => {
      isStopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

const isDraining = () => Boolean((globalThis as { __volanteDraining?: boolean }).__volanteDraining);

/** Off in jest (tests run rounds themselves) unless NOTIFICATION_WORKER=on; NOTIFICATION_WORKER=off turns it off anywhere. */
export function isWorkerEnabled(env: Record<string, string | undefined> = process.env): boolean {
  if (env.NOTIFICATION_WORKER === "off") return false;
  if (env.NOTIFICATION_WORKER === "on") return true;
  return env.NODE_ENV !== "test";
}

/** VOLANTE_ROLE of the worker's own process (server/worker-process.cjs: the same value, WORKER_ROLE). */
export const WORKER_PROCESS_ROLE = "notification-worker";
export const isWorkerProcess = (env: Record<string, string | undefined> = process.env) => env.VOLANTE_ROLE === WORKER_PROCESS_ROLE;

const state = globalThis as unknown as { __volanteNotificationWorker?: WorkerHandle };

/** Starts this process's worker once (server/main.ts, and the first API request in the Next.js server). */
export function ensureNotificationWorker(db: Db): WorkerHandle | null {
  if (!isWorkerEnabled()) return null;
  if (!state.__volanteNotificationWorker) {
    const worker = startNotificationWorker(db);
    state.__volanteNotificationWorker = worker;
    // On SIGTERM (server/graceful.cjs): the round in progress finishes (its sends are marked) before the pool closes.
    const g = globalThis as { __volanteShutdownHooks?: (() => Promise<void>)[] };
    (g.__volanteShutdownHooks ??= []).push(() => worker.stop());
  }
  return state.__volanteNotificationWorker;
}

/** Like server/http/housekeeping.ts: after the first answer, so it never delays a user's request. */
export const notificationWorker = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!state.__volanteNotificationWorker) ensureNotificationWorker(c.var.db);
});
