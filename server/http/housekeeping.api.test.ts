import { inArray } from "drizzle-orm";
import pg from "pg";
import { authThrottle } from "@/server/db/schema/core";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, type TestTenant } from "@/tests/fixtures/factories";
import { DEFAULT_INTERVAL_MS, HOUSEKEEPING_LOCK_KEY, housekeepingIntervalMs, purgeExpired, startHousekeeping } from "./housekeeping";

// Issue 14: expired idempotency keys and login-throttle rows are cleaned up on a schedule, by one replica at a time.
let ctx: ApiContext;
let tenant: TestTenant;

beforeAll(async () => {
  ctx = await createApiContext();
  tenant = await createTenant(ctx.db);
});
afterAll(() => ctx.close());

const longAgo = () => new Date(Date.now() - 3 * 86_400_000);

async function insertExpired(): Promise<string> {
  const key = `expired-${crypto.randomUUID()}`;
  await ctx.db.insert(authThrottle).values({ key, failures: 5, windowStartedAt: longAgo(), lockedUntil: longAgo() });
  return key;
}

async function remaining(keys: string[]): Promise<string[]> {
  return (await ctx.db.select({ key: authThrottle.key }).from(authThrottle).where(inArray(authThrottle.key, keys))).map((r) => r.key);
}

async function waitUntilGone(keys: string[], timeoutMs = 10_000): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  let left = await remaining(keys);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    left = await remaining(keys);
  }
  return left;
}

describe("scheduled housekeeping", () => {
  it("is started by the process's first API request, which purges at once", async () => {
    const key = await insertExpired();
    expect((await ctx.call("/info", { host: tenant.host })).status).toBe(200);
    expect(await waitUntilGone([key])).toEqual([]);
  });

  it("purges again every interval without any request, on an unref'd timer", async () => {
    const first = await insertExpired();
    const schedule = startHousekeeping(ctx.db, 200);
    try {
      expect(schedule.timer.hasRef()).toBe(false);
      expect(await waitUntilGone([first])).toEqual([]);
      const later = await insertExpired();
      expect(await remaining([later])).toEqual([later]);
      expect(await waitUntilGone([later])).toEqual([]);
    } finally {
      // A round already running when the schedule stops finishes first (CI once saw it delete the row below).
      await schedule.stop();
    }
    const afterStop = await insertExpired();
    await new Promise((r) => setTimeout(r, 600));
    expect(await remaining([afterStop])).toEqual([afterStop]);
  });

  it("stops only once the round in progress has finished: nothing is deleted after stop() resolves", async () => {
    const schedule = startHousekeeping(ctx.db, 60 * 60_000);
    await schedule.stop(); // its first round, started at once, was running
    const afterStop = await insertExpired();
    await new Promise((r) => setTimeout(r, 300));
    expect(await remaining([afterStop])).toEqual([afterStop]);
    await purgeExpired(ctx.db);
  });

  // A round can outlast the interval (a slow or locked table): the rounds started after it may finish first, and stop()
  // must still wait for it. PostgreSQL only: the round is held up by another connection's row lock.
  (process.env.DATABASE_URL ? it : it.skip)("stops only once every round still running has finished, also one that outlasted the interval", async () => {
    const held = await insertExpired();
    const otherSession = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await otherSession.connect();
    try {
      await otherSession.query("begin");
      await otherSession.query("select key from auth_throttle where key = $1 for update", [held]);
      // The first round waits on the row; the next ones find the purge's advisory lock taken and end at once.
      const schedule = startHousekeeping(ctx.db, 100);
      await new Promise((r) => setTimeout(r, 450));
      let hasStopped = false;
      const stopped = schedule.stop().then(() => void (hasStopped = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(hasStopped).toBe(false);
      expect(await remaining([held])).toEqual([held]);
      await otherSession.query("commit");
      await stopped;
      // The blocked round deleted the row before stop() resolved, and nothing runs after it.
      expect(await remaining([held])).toEqual([]);
      const afterStop = await insertExpired();
      await new Promise((r) => setTimeout(r, 300));
      expect(await remaining([afterStop])).toEqual([afterStop]);
      await purgeExpired(ctx.db);
    } finally {
      await otherSession.end();
    }
  });

  it("reads its interval from HOUSEKEEPING_INTERVAL_MS, with an hour by default and for a wrong value", () => {
    expect(housekeepingIntervalMs({})).toBe(DEFAULT_INTERVAL_MS);
    expect(DEFAULT_INTERVAL_MS).toBe(3_600_000);
    expect(housekeepingIntervalMs({ HOUSEKEEPING_INTERVAL_MS: "600000" })).toBe(600_000);
    for (const wrong of ["0", "-5", "abc", "1.5", "1000", String(48 * 3_600_000)]) {
      expect(housekeepingIntervalMs({ HOUSEKEEPING_INTERVAL_MS: wrong })).toBe(DEFAULT_INTERVAL_MS);
    }
  });

  // Replicas share one PostgreSQL: a purge that finds another replica's purge running skips its round.
  (process.env.DATABASE_URL ? it : it.skip)("runs on one replica at a time (PostgreSQL advisory lock)", async () => {
    const key = await insertExpired();
    const otherReplica = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await otherReplica.connect();
    try {
      await otherReplica.query("select pg_advisory_lock($1)", [HOUSEKEEPING_LOCK_KEY]);
      expect(await purgeExpired(ctx.db)).toBe(false);
      expect(await remaining([key])).toEqual([key]);
      await otherReplica.query("select pg_advisory_unlock($1)", [HOUSEKEEPING_LOCK_KEY]);
      expect(await purgeExpired(ctx.db)).toBe(true);
      expect(await remaining([key])).toEqual([]);
    } finally {
      await otherReplica.end();
    }
  });
});
