import { ConcurrencyLimiter } from "./hash-limiter";

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe("the password hashing limiter", () => {
  it("runs at most `concurrency` tasks, queues at most `queue`, refuses the rest with SERVER_BUSY at once", async () => {
    const limiter = new ConcurrencyLimiter(2, 1);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((g, i) => limiter.run(async () => (started.push(i), await g.promise, i)));
    await expect(limiter.run(async () => 99)).rejects.toMatchObject({ code: "SERVER_BUSY", status: 503, extra: { retryAfterSeconds: 1 } });
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.load).toEqual({ active: 2, waiting: 1 });
    gates[0]!.resolve();
    await runs[0];
    await new Promise((r) => setTimeout(r, 0));
    // The freed place went to the waiting task, first come first served.
    expect(started).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(limiter.load).toEqual({ active: 0, waiting: 0 });
  });

  it("frees its place when a task fails", async () => {
    const limiter = new ConcurrencyLimiter(1, 0);
    await expect(limiter.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limiter.run(async () => "ok")).toBe("ok");
  });

  it("gives a task run inside one of its own tasks no second place (a sign-in request, then its hash)", async () => {
    const limiter = new ConcurrencyLimiter(1, 0);
    expect(await limiter.run(() => limiter.run(async () => "inner"))).toBe("inner");
    const gate = deferred();
    const outer = limiter.run(() => gate.promise);
    await expect(limiter.run(async () => "other")).rejects.toMatchObject({ code: "SERVER_BUSY" });
    gate.resolve();
    await outer;
  });
});
