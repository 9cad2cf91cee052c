import { and, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { jobs } from "../db/schema/notifications";

// The durable job queue: a table in the application's own database (PGlite or PostgreSQL), written in the caller's
// transaction, claimed by the workers with FOR UPDATE SKIP LOCKED and a lease. Why not pg-boss or graphile-worker:
// see /tmp/notes/notif-core.md (docs/decisions.md once merged).

export type Job = typeof jobs.$inferSelect;
export type NewJob = {
  key: string;
  kind: string;
  /** When it is due: a Date, or `sql\`now()\`` (the database's clock, the default). */
  runAt?: Date | SQL;
  payload?: Record<string, unknown>;
  tenantId?: string | null;
  maxAttempts?: number;
};

/** A claimed job belongs to its worker for this long; every handler finishes well within it (JOB_TIMEOUT_MS). */
export const LEASE_MS = 60_000;
export const JOB_TIMEOUT_MS = 30_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;

/** 30 s after the first failed attempt, doubling, at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

const instant = (now: Date | undefined) => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/**
 * Schedules a job once per key. The same key again moves a job that has not run yet (run_at, payload); a job that
 * already ran is left alone (a finished reminder is not sent again).
 */
export async function scheduleJob(tx: DbOrTx, job: NewJob): Promise<void> {
  await tx
    .insert(jobs)
    .values({
      key: job.key,
      kind: job.kind,
      runAt: job.runAt ?? sql`now()`,
      payload: job.payload ?? {},
      tenantId: job.tenantId ?? null,
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoUpdate({
      target: jobs.key,
      set: { runAt: sql`excluded.run_at`, payload: sql`excluded.payload`, kind: sql`excluded.kind`, attempts: 0, lastError: null },
      setWhere: isNull(jobs.doneAt),
    });
}

/** A job for enqueueJobs: due at `runAt`, or at once by the database's clock when it has none. */
export type QueuedJob = { key: string; kind: string; runAt?: Date; payload?: Record<string, unknown>; tenantId?: string | null };

/**
 * Inserts jobs whose keys are new (deliveries: one per notification and channel); a known key is left as it is. One
 * statement over arrays of columns (unnest): its cost does not grow with rows × columns of parameters (a round of 500
 * reminders enqueues 1,000 deliveries at once).
 */
export async function enqueueJobs(tx: DbOrTx, list: readonly QueuedJob[]): Promise<void> {
  if (list.length === 0) return;
  await tx.execute(sql`
    insert into ${jobs} (key, kind, run_at, payload, tenant_id)
    select t.key, t.kind, coalesce(t.run_at, now()), t.payload, t.tenant_id
    from unnest(
      ${sql.param(list.map((j) => j.key))}::text[],
      ${sql.param(list.map((j) => j.kind))}::text[],
      ${sql.param(list.map((j) => j.runAt?.toISOString() ?? null))}::timestamptz[],
      ${sql.param(list.map((j) => JSON.stringify(j.payload ?? {})))}::jsonb[],
      ${sql.param(list.map((j) => j.tenantId ?? null))}::uuid[]
    ) as t(key, kind, run_at, payload, tenant_id)
    on conflict (key) do nothing`);
}

/** Drops the jobs not yet run whose key starts with `keyPrefix` (a cancelled lesson's reminders). */
export async function cancelJobs(tx: DbOrTx, keyPrefix: string): Promise<number> {
  if (keyPrefix.length === 0) throw new Error("cancelJobs needs a key prefix");
  const pattern = `${keyPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const deleted = await tx
    .delete(jobs)
    .where(and(isNull(jobs.doneAt), sql`${jobs.key} like ${pattern}`))
    .returning({ id: jobs.id });
  return deleted.length;
}

/**
 * Takes up to `limit` due jobs for `workerId`: not done, due, and not leased by a live worker. SKIP LOCKED lets two
 * workers (or two processes) claim at once without waiting on each other or taking the same row; the lease makes a
 * crashed worker's jobs claimable again after LEASE_MS. Each claim counts as an attempt, so a job that kills its
 * process every time still ends.
 */
export async function claimJobs(db: Db, workerId: string, limit: number, now?: Date): Promise<Job[]> {
  const at = instant(now);
  // Ordered by run_at alone: the due index (run_at, partial on done_at is null) then stops after `limit` rows. With a
  // tie-break on id the database sorted every job due at the same moment on each claim (10,000 reminders of lessons at
  // one hour: 12 ms instead of 0.04 ms a claim; scripts/bench-notifications.ts).
  const result = await db.execute(sql`
    update ${jobs} set locked_by = ${workerId}, locked_until = ${at} + ${`${LEASE_MS} milliseconds`}::interval, attempts = attempts + 1
    where id in (
      select id from ${jobs}
      where done_at is null and run_at <= ${at} and (locked_until is null or locked_until < ${at})
      order by run_at
      limit ${limit}
      for update skip locked
    )
    returning id, tenant_id, kind, key, payload, run_at, attempts, max_attempts, locked_by, locked_until, last_error, done_at, created_at`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    tenantId: (r.tenant_id as string | null) ?? null,
    kind: r.kind as string,
    key: r.key as string,
    payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    runAt: new Date(r.run_at as string),
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    lockedBy: (r.locked_by as string | null) ?? null,
    lockedUntil: r.locked_until ? new Date(r.locked_until as string) : null,
    lastError: (r.last_error as string | null) ?? null,
    doneAt: null,
    createdAt: new Date(r.created_at as string),
  }));
}

// Every update below is conditioned on the lease still being this worker's: a worker whose lease was taken over
// changes nothing.
const ownedBy = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? ""), isNull(jobs.doneAt));

/**
 * Completes a round's finished jobs in one statement (each still held by the worker that claimed them); how many were
 * completed. One statement and one commit for the round, not one per job: the queue's cost per job.
 */
export async function completeJobs(tx: DbOrTx, workerId: string, ids: number[], now?: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(jobs)
    .set({ doneAt: now ?? sql`now()`, lockedBy: null, lockedUntil: null })
    .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId), isNull(jobs.doneAt)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** A failed attempt: runs again after the back-off, or, out of attempts, ends with its error. */
export async function failJob(tx: DbOrTx, job: Job, error: string, now = new Date()): Promise<"retry" | "failed"> {
  const last = job.attempts >= job.maxAttempts;
  await tx
    .update(jobs)
    .set({
      lastError: error.slice(0, 1000),
      lockedBy: null,
      lockedUntil: null,
      ...(last ? { doneAt: now } : { runAt: new Date(now.getTime() + backoffMs(job.attempts)) }),
    })
    .where(ownedBy(job));
  return last ? "failed" : "retry";
}

/** Moves a claimed job to later without counting the attempt (a push held back by quiet hours found at run time). */
export async function postponeJob(tx: DbOrTx, job: Job, runAt: Date): Promise<void> {
  await tx
    .update(jobs)
    .set({ runAt, lockedBy: null, lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
    .where(ownedBy(job));
}

/** Finished jobs are kept a week (a repeated key stays a no-op meanwhile), then deleted. */
export async function purgeDoneJobs(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(jobs).where(lt(jobs.doneAt, before)).returning({ id: jobs.id });
  return deleted.length;
}

export async function findJobsByKeys(db: DbOrTx, keys: string[]): Promise<Job[]> {
  return keys.length === 0 ? [] : db.select().from(jobs).where(inArray(jobs.key, keys));
}
