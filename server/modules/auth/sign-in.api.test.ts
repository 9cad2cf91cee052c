import { Writable } from "node:stream";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { solveChallenge } from "@/lib/session/proof-of-work";
import { createApp } from "@/server/app";
import { auditLog, authThrottle, users } from "@/server/db/schema/core";
import { apiCaller, createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, type TestTenant, type TestUser } from "@/tests/fixtures/factories";
import { CHALLENGE } from "./challenge";
import { THROTTLE } from "./login-throttle";
import { configurePasswordHashing, hashPassword } from "./password";

// Security round three, issue "sign-in": hashing bounded per process, a per-address limit on the public auth calls,
// a way in for the rightful user on a new device while an attacker keeps the account backed off, sign-ins audited
// and told to the user.
let ctx: ApiContext;
let tenant: TestTenant;
const lines: string[] = [];
let logged: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  ctx = await createApiContext();
  tenant = await createTenant(ctx.db);
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  logged = apiCaller(createApp({ db: async () => ctx.db, logger: pino({ level: "info" }, sink) }));
});
afterAll(() => ctx.close());

type Attempt = { ip?: string; deviceToken?: string; challenge?: string; solution?: number; requestId?: string };
const login = (username: string, password: string, a: Attempt = {}, call = ctx.call) =>
  call("/login", {
    method: "POST",
    host: tenant.host,
    headers: { ...(a.ip ? { "x-client-ip": a.ip } : {}), ...(a.deviceToken ? { "x-device-token": a.deviceToken } : {}), ...(a.requestId ? { "x-request-id": a.requestId } : {}) },
    body: { username, password, ...(a.challenge ? { challenge: a.challenge, solution: a.solution } : {}) },
  });
const fail = async (user: TestUser, times: number, a: Attempt = {}) => {
  for (let i = 0; i < times; i++) expect((await login(user.username!, "wrong-password", a)).status).toBe(401);
};
const auditOf = (user: TestUser, action: string) =>
  ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, tenant.id), eq(auditLog.targetId, user.id), eq(auditLog.action, action))).orderBy(auditLog.id);

describe("password hashing is bounded per process", () => {
  afterEach(() => configurePasswordHashing());

  it("answers 503 SERVER_BUSY with Retry-After past the bound, never a 500, and serves again once it is free", async () => {
    configurePasswordHashing({ concurrency: 1, queue: 1 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login(`nobody-${Date.now()}-${i}`, "whatever1")));
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(2);
    expect(answers.every((r) => r.status === 401 || r.status === 503)).toBe(true);
    expect(busy[0]!.json).toEqual({ error: "SERVER_BUSY", message: "El servidor está ocupado. Inténtalo de nuevo en unos segundos.", retryAfterSeconds: 1 });
    expect(busy[0]!.headers.get("retry-after")).toBe("1");
    const user = await createUser(ctx.db, tenant);
    expect((await login(user.username!, user.password)).status).toBe(200);
  });

  it("bounds the whole anonymous call, the set-password link's too, before its database work", async () => {
    configurePasswordHashing({ concurrency: 1, queue: 0 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => ctx.call("/auth/set-password", { method: "POST", host: tenant.host, body: { token: "x".repeat(43), password: "UnaClaveLarga-2026" } })),
    );
    expect(answers.filter((r) => r.status === 503).length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 400).length).toBeGreaterThan(0);
    expect(answers.every((r) => r.status === 400 || r.status === 503)).toBe(true);
  });

  it("bounds every hash, not only the sign-in's (set-password, the office, a password change)", async () => {
    configurePasswordHashing({ concurrency: 1, queue: 1 });
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => hashPassword("UnaClaveLarga-2026")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(["SERVER_BUSY", "SERVER_BUSY"]);
  });
});

describe("per-address limit on the public auth calls", () => {
  const limited = () => apiCaller(createApp({ db: async () => ctx.db, publicAuth: { perMinute: 3 } }));

  it("answers 429 with Retry-After once an address has used its calls, for login and set-password alike", async () => {
    const call = limited();
    const headers = { "x-client-ip": "192.0.2.10" };
    for (let i = 0; i < 2; i++) expect((await call("/login", { method: "POST", host: tenant.host, headers, rawBody: "{nope" })).status).toBe(400);
    expect((await call("/auth/set-password", { method: "POST", host: tenant.host, headers, rawBody: "{nope" })).status).toBe(400);
    const refused = await call("/login", { method: "POST", host: tenant.host, headers, body: { username: "someone", password: "whatever1" } });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: "TOO_MANY_REQUESTS", retryAfterSeconds: 20 });
    expect(refused.json.message).toBe("Demasiadas peticiones desde tu conexión. Inténtalo de nuevo en 20 segundos.");
    expect(refused.headers.get("retry-after")).toBe("20");
    expect((await call("/auth/set-password", { method: "POST", host: tenant.host, headers, rawBody: "{nope" })).status).toBe(429);
    // Another address, and the calls that need a session, are not affected.
    expect((await call("/login", { method: "POST", host: tenant.host, headers: { "x-client-ip": "192.0.2.11" }, rawBody: "{nope" })).status).toBe(400);
    expect((await call("/info", { host: tenant.host, headers })).status).toBe(200);
  });

  it("does not apply when the address is unknown (no trusted proxy): the hashing bound covers that case", async () => {
    const call = limited();
    for (let i = 0; i < 6; i++) expect((await call("/login", { method: "POST", host: tenant.host, rawBody: "{nope" })).status).toBe(400);
  });

  it("answers a refusal no sooner than the failure delay (a script that sends again at once is slowed down)", async () => {
    const call = apiCaller(createApp({ db: async () => ctx.db, publicAuth: { failureDelayMs: 300 } }));
    const user = await createUser(ctx.db, tenant);
    let started = Date.now();
    expect((await call("/login", { method: "POST", host: tenant.host, body: { username: user.username, password: "wrong-password" } })).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    started = Date.now();
    expect((await call("/login", { method: "POST", host: tenant.host, rawBody: "{nope" })).status).toBe(400);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("is on by default at 30 calls a minute", async () => {
    const call = apiCaller(createApp({ db: async () => ctx.db }));
    const headers = { "x-client-ip": "192.0.2.20" };
    for (let i = 0; i < 30; i++) expect((await call("/login", { method: "POST", host: tenant.host, headers, rawBody: "{nope" })).status).toBe(400);
    expect((await call("/login", { method: "POST", host: tenant.host, headers, rawBody: "{nope" })).status).toBe(429);
  });
});

describe("the sign-in challenge: a new device gets in while an attacker keeps the account backed off", () => {
  const solved = async (answer: { json: { challenge?: { token: string; prefix: string; bits: number } } }) => {
    const c = answer.json.challenge!;
    return { challenge: c.token, solution: await solveChallenge(c.prefix, c.bits) };
  };

  it("lets the right password from a new device in with a solved challenge, while the attacker's failures keep counting", async () => {
    const victim = await createUser(ctx.db, tenant);
    await fail(victim, THROTTLE.perAccount, { ip: "198.51.100.66" });
    // The attacker keeps going: refused by the back-off, each refusal carries a challenge.
    const attacker = await login(victim.username!, "wrong-password", { ip: "198.51.100.66" });
    expect(attacker.status).toBe(429);
    expect(attacker.json.challenge).toMatchObject({ bits: CHALLENGE.baseBits });
    expect(attacker.headers.get("retry-after")).toBe(String(attacker.json.retryAfterSeconds));
    // The attacker solves one too: the wrong password is checked and counted, and the back-off grows.
    expect((await login(victim.username!, "wrong-password", { ip: "198.51.100.66", ...(await solved(attacker)) })).status).toBe(401);
    const [row] = await ctx.db.select().from(authThrottle).where(eq(authThrottle.key, `${tenant.id}:user:${victim.id}`));
    expect(row!.failures).toBe(THROTTLE.perAccount + 1);

    // The rightful user, on a new device (no device cookie), elsewhere: refused once, solves, signs in.
    const first = await login(victim.username!, victim.password, { ip: "203.0.113.77" });
    expect(first.status).toBe(429);
    const started = Date.now();
    const inside = await login(victim.username!, victim.password, { ip: "203.0.113.77", ...(await solved(first)) });
    expect(inside.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(inside.json.failedAttempts).toBe(THROTTLE.perAccount + 1);
  });

  it("takes each challenge once, for its own account, unaltered and unexpired", async () => {
    const victim = await createUser(ctx.db, tenant);
    const neighbour = await createUser(ctx.db, tenant);
    await fail(victim, THROTTLE.perAccount);
    await fail(neighbour, THROTTLE.perAccount);
    const refused = await login(victim.username!, victim.password);
    const proof = await solved(refused);
    // Another account's challenge, a wrong solution, an altered token: judged without one (429 and a fresh challenge).
    const other = await solved(await login(neighbour.username!, neighbour.password));
    expect((await login(victim.username!, victim.password, other)).status).toBe(429);
    expect((await login(victim.username!, victim.password, { ...proof, solution: proof.solution + 1 })).status).toBe(429);
    const [h, p, s] = proof.challenge.split(".");
    const easier = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, "base64url").toString()), bits: 0 })).toString("base64url");
    expect((await login(victim.username!, victim.password, { challenge: `${h}.${easier}.${s}`, solution: 0 })).status).toBe(429);
    expect((await login(victim.username!, victim.password, proof)).status).toBe(200);
    // Used: a second attempt with it is refused.
    const replay = await login(victim.username!, victim.password, proof);
    expect(replay.status).toBe(429);
    expect(replay.json.challenge.token).not.toBe(proof.challenge);
  });

  it("answers the same for an unknown username (no hint that the account exists)", async () => {
    const name = `ghost-${Date.now()}`;
    for (let i = 0; i < THROTTLE.perAccount; i++) expect((await login(name, "wrong-password")).status).toBe(401);
    const refused = await login(name, "wrong-password");
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.json).sort()).toEqual(["challenge", "error", "message", "retryAfterSeconds"]);
    expect((await login(name, "wrong-password", await solved(refused))).status).toBe(401);
  });

  it("gives no way past an address's own back-off", async () => {
    const ip = "198.51.100.99";
    for (let i = 0; i < THROTTLE.perAddress; i++) await login(`spray-${Date.now()}-${i}`, "wrong-password", { ip });
    const refused = await login(`spray-${Date.now()}`, "wrong-password", { ip });
    expect(refused.status).toBe(429);
    expect(refused.json.challenge).toBeUndefined();
  });
});

describe("sign-ins are audited, logged and told to the user", () => {
  it("records a success (device, trusted address) and names the user in the access log", async () => {
    const user = await createUser(ctx.db, tenant);
    const res = await login(user.username!, user.password, { ip: "203.0.113.5", requestId: "req-sign-in-1" }, logged);
    expect(res.status).toBe(200);
    const [row] = await auditOf(user, "auth.sign_in");
    expect(row).toMatchObject({ actorId: user.id, targetType: "user" });
    expect(row!.details).toMatchObject({ address: "203.0.113.5", isNewDevice: true, failedAttempts: 0, name: `Test ${user.surname1}` });
    expect(typeof row!.details.deviceId).toBe("string");
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.requestId === "req-sign-in-1");
    expect(line).toMatchObject({ route: "/api/login", status: 200, userId: user.id });
    // Again from that device: the same device id, not new; no address without a trusted proxy.
    await login(user.username!, user.password, { deviceToken: res.json.deviceToken });
    const rows = await auditOf(user, "auth.sign_in");
    expect(rows[1]!.details).toMatchObject({ deviceId: row!.details.deviceId, isNewDevice: false, address: null });
  });

  it("records failures of a known account only, bounded: the first ten, then at 16, 32, 64…", async () => {
    const user = await createUser(ctx.db, tenant);
    await fail(user, 2, { ip: "203.0.113.6" });
    const rows = await auditOf(user, "auth.sign_in_failed");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ actorId: null, targetId: user.id });
    expect(rows[1]!.details).toMatchObject({ address: "203.0.113.6", failedAttempts: 2, deviceId: null });
    await ctx.db.update(users).set({ failedSignIns: 14 }).where(eq(users.id, user.id));
    const device = (await ctx.call("/login", { method: "POST", host: tenant.host, body: { username: user.username, password: user.password } })).json.deviceToken;
    await ctx.db.update(users).set({ failedSignIns: 14 }).where(eq(users.id, user.id));
    await fail(user, 3, { deviceToken: device });
    expect((await auditOf(user, "auth.sign_in_failed")).map((r) => r.details.failedAttempts)).toEqual([1, 2, 16]);
    const before = (await ctx.db.select().from(auditLog).where(eq(auditLog.tenantId, tenant.id))).length;
    await login(`nobody-${Date.now()}`, "wrong-password");
    expect((await ctx.db.select().from(auditLog).where(eq(auditLog.tenantId, tenant.id))).length).toBe(before);
  });

  it("tells the failed attempts since the previous sign-in once", async () => {
    const user = await createUser(ctx.db, tenant);
    expect((await login(user.username!, user.password)).json.failedAttempts).toBe(0);
    await fail(user, 3);
    const told = await login(user.username!, user.password);
    expect(told.json.failedAttempts).toBe(3);
    expect((await auditOf(user, "auth.sign_in")).at(-1)!.details.failedAttempts).toBe(3);
    expect((await login(user.username!, user.password)).json.failedAttempts).toBe(0);
  });
});
