import { eq, inArray } from "drizzle-orm";
import { jobs } from "@/server/db/schema/notifications";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { drainJobs } from "@/tests/fixtures/jobs";
import { JobFailure, registerJobHandler } from "./job-registry";
import { enqueueJobs } from "./queue";
import { batchSize, dutyCycle, nextRoundDelay, pollIntervalMs, runDueJobs } from "./worker";

// The worker's rounds with a batch handler: the jobs of one kind claimed together go to the batch, each is settled by
// its own outcome (done, postponed, retried), finished ones are completed together, and a batch that throws gives way
// to the single handler, job by job. The kind is this file's own; each test's clock is earlier than the one before
// (what a test leaves pending is not due in the next), and whatever other files left in a shared database is run
// first, up to a moment after every clock here.
jest.setTimeout(60_000);

let ctx: ApiContext;
const singleCalls: string[] = [];
const batchCalls: string[][] = [];
let batchMode: "outcomes" | "throw" = "outcomes";

beforeAll(async () => {
  ctx = await createApiContext();
  await ctx.db.delete(jobs).where(eq(jobs.kind, "test-batch"));
  await drainJobs(ctx.db, new Date("2034-01-01T00:00:00Z"));
  registerJobHandler(
    "test-batch",
    async (job) => {
      singleCalls.push(job.key);
      if (job.key.endsWith(":fails")) throw new Error("single failed");
    },
    {
      batch: async (list) => {
        batchCalls.push(list.map((job) => job.key).sort());
        if (batchMode === "throw") throw new Error("the whole batch failed");
        return new Map(
          list.map((job) => [
            job.id,
            job.key.endsWith(":fails")
              ? new JobFailure(new Error("this one failed"))
              : job.key.endsWith(":later")
                ? { postponeUntil: new Date(job.runAt.getTime() + 3_600_000) }
                : undefined,
          ]),
        );
      },
    },
  );
});
afterAll(async () => {
  // The kind is this file's: its jobs go with it (a database reused by another run must not find them due).
  await ctx.db.delete(jobs).where(eq(jobs.kind, "test-batch"));
  await ctx.close();
});

async function enqueue(prefix: string, suffixes: string[], runAt: Date) {
  const keys = suffixes.map((suffix) => `${prefix}:${suffix}`);
  await enqueueJobs(ctx.db, keys.map((key) => ({ key, kind: "test-batch", runAt })));
  return keys;
}

const rowsOf = async (keys: string[]) =>
  Object.fromEntries(
    (await ctx.db.select().from(jobs).where(inArray(jobs.key, keys))).map((row) => [row.key.split(":").at(-1), { done: row.doneAt !== null, attempts: row.attempts, error: row.lastError }]),
  );

describe("a round with a batch handler", () => {
  it("settles each job by its own outcome: done, postponed without an attempt counted, or retried with its error", async () => {
    const at = new Date("2033-03-03T10:00:00Z");
    const prefix = `batch-${crypto.randomUUID()}`;
    const keys = await enqueue(prefix, ["a", "b", "later", "fails"], at);
    batchMode = "outcomes";
    const round = await runDueJobs(ctx.db, { now: at, limit: 100 });
    expect(round).toMatchObject({ claimed: 4, done: 2, postponed: 1, retried: 1, failed: 0 });
    expect(batchCalls.at(-1)).toEqual([...keys].sort());
    expect(singleCalls.filter((key) => key.startsWith(prefix))).toEqual([]);
    expect(await rowsOf(keys)).toEqual({
      a: { done: true, attempts: 1, error: null },
      b: { done: true, attempts: 1, error: null },
      later: { done: false, attempts: 0, error: null },
      fails: { done: false, attempts: 1, error: "this one failed" },
    });
    // Nothing runs again before its time.
    expect((await runDueJobs(ctx.db, { now: new Date(at.getTime() + 1000), limit: 100 })).claimed).toBe(0);
  });

  it("runs the jobs one by one with the single handler when the batch throws", async () => {
    const at = new Date("2032-04-04T10:00:00Z");
    const prefix = `batch-${crypto.randomUUID()}`;
    const keys = await enqueue(prefix, ["a", "b", "fails"], at);
    batchMode = "throw";
    const round = await runDueJobs(ctx.db, { now: at, limit: 100 });
    expect(round).toMatchObject({ claimed: 3, done: 2, retried: 1 });
    expect(singleCalls.filter((key) => key.startsWith(prefix)).sort()).toEqual([...keys].sort());
    expect(await rowsOf(keys)).toEqual({
      a: { done: true, attempts: 1, error: null },
      b: { done: true, attempts: 1, error: null },
      fails: { done: false, attempts: 1, error: "single failed" },
    });
  });

  it("gives a lone job to the single handler", async () => {
    const at = new Date("2031-05-05T10:00:00Z");
    const prefix = `batch-${crypto.randomUUID()}`;
    const [key] = await enqueue(prefix, ["alone"], at);
    const before = batchCalls.length;
    expect(await runDueJobs(ctx.db, { now: at, limit: 100 })).toMatchObject({ claimed: 1, done: 1 });
    expect(batchCalls).toHaveLength(before);
    expect(singleCalls).toContain(key);
  });
});

describe("the worker's knobs from the environment", () => {
  it("take values in their range and fall back to the defaults otherwise", () => {
    expect([batchSize({}), batchSize({ NOTIFICATION_BATCH: "500" }), batchSize({ NOTIFICATION_BATCH: "501" }), batchSize({ NOTIFICATION_BATCH: "x" })]).toEqual([20, 500, 20, 20]);
    expect([pollIntervalMs({}), pollIntervalMs({ NOTIFICATION_POLL_MS: "1000" }), pollIntervalMs({ NOTIFICATION_POLL_MS: "5" })]).toEqual([5000, 1000, 5000]);
    // The share of time a worker with a backlog works: 1 (no rest) unless 0.1–1 is asked.
    expect([dutyCycle({}), dutyCycle({ NOTIFICATION_DUTY: "0.5" }), dutyCycle({ NOTIFICATION_DUTY: "0" }), dutyCycle({ NOTIFICATION_DUTY: "2" })]).toEqual([1, 0.5, 1, 1]);
  });

  it("rest after a full round for as long as the duty asks; look again soon after some work, later after none", () => {
    const full = { claimed: 500, limit: 500, tookMs: 800 };
    expect(nextRoundDelay(full, 1, 1000)).toBe(0); // full speed: the next round at once
    expect(nextRoundDelay(full, 0.5, 1000)).toBe(800); // half the time working
    expect(nextRoundDelay(full, 0.25, 1000)).toBe(2400);
    expect(nextRoundDelay({ claimed: 3, limit: 500, tookMs: 800 }, 0.5, 5000)).toBe(1000); // some work: within a second
    expect(nextRoundDelay({ claimed: 3, limit: 500, tookMs: 800 }, 0.5, 200)).toBe(200);
    expect(nextRoundDelay({ claimed: 0, limit: 500, tookMs: 5 }, 0.5, 5000)).toBe(5000); // nothing due: the idle poll
  });
});
