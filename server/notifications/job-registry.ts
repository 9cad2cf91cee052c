import type { Db } from "../db/client";
import type { Job } from "./queue";

// Who runs each kind of job, and the periodic tasks of the worker. Kept apart from worker.ts so a handler's module can
// register itself without importing the worker (which imports every handler: ./handlers.ts).

export type JobContext = { db: Db; now: Date; workerId: string };
/** Return `{ postponeUntil }` to run the job later without counting an attempt; throw to retry with back-off. */
export type JobOutcome = void | { postponeUntil: Date };
export type JobHandler = (job: Job, ctx: JobContext) => Promise<JobOutcome>;
/** One job's failure inside a batch: the job is retried with back-off (or given up), the others are not. */
export class JobFailure {
  constructor(readonly error: unknown) {}
}
/** A batch's outcome per job id; a job missing from the map failed. */
export type BatchOutcomes = Map<number, JobOutcome | JobFailure>;
/**
 * Runs the round's jobs of one kind together (their reads and writes as a few statements for all, not a few for each).
 * It must give each job the outcome the single handler would have given it; if it throws, the worker runs the jobs
 * one by one with the single handler instead (so it must throw only before it has sent anything, or roll back); if it
 * outlasts the job timeout, its jobs are retried after their back-off.
 */
export type BatchJobHandler = (jobs: Job[], ctx: JobContext) => Promise<BatchOutcomes>;
export type JobHandlerOptions = {
  /** Called once the job has failed its last attempt (mark what it was for as failed). */
  onGiveUp?: (job: Job, error: string, ctx: JobContext) => Promise<void>;
  /** Used when a round claimed more than one job of the kind. */
  batch?: BatchJobHandler;
};
export type PeriodicTask = { name: string; intervalMs: number; run: (db: Db, now: Date) => Promise<void> };

type Registry = { handlers: Map<string, { handler: JobHandler; options: JobHandlerOptions }>; periodic: Map<string, PeriodicTask> };

// On globalThis: one registry per process even if a bundler loads this module twice. A function (not a top-level
// const) so a handler module may register while an import cycle is still being evaluated.
function registry(): Registry {
  const g = globalThis as unknown as { __volanteJobRegistry?: Registry };
  g.__volanteJobRegistry ??= { handlers: new Map(), periodic: new Map() };
  return g.__volanteJobRegistry;
}

export function registerJobHandler(kind: string, handler: JobHandler, options: JobHandlerOptions = {}): void {
  registry().handlers.set(kind, { handler, options });
}

export function jobHandler(kind: string) {
  return registry().handlers.get(kind) ?? null;
}

/**
 * A task the worker runs every `intervalMs` in each process (the agenda's daily jobs, for example). Every replica runs
 * it: a task that must run once across replicas takes its own advisory lock or writes idempotent job keys.
 */
export function registerPeriodicTask(task: PeriodicTask): void {
  registry().periodic.set(task.name, task);
}

export function periodicTasks(): PeriodicTask[] {
  return [...registry().periodic.values()];
}
