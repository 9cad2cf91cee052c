import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { isAlive } from "@/tests/support/processes";

// server/cluster.cjs, the image's entry point, run as it is in the image: beside a server.js (here a small HTTP server
// that answers its own pid, in place of Next's, which needs a build) in a folder of its own.
// /slow answers after 1.5 s; /ready answers 503 while the process drains (as the API's readiness does). It prints Next's
// startup banner as next/dist/server/lib/start-server.js does (console.log, the first line in colour on a terminal),
// then a line of its own. It writes what it was started with to env-<pid>.json beside it, and again with each probe of
// /api/health (which loads the app's API, and so starts a worker process's worker: server/app.ts).
const SERVER_JS = `const fs = require("node:fs");
let probes = 0;
const writeEnv = () => fs.writeFileSync(require("node:path").join(__dirname, "env-" + process.pid + ".json"), JSON.stringify({
  pid: process.pid, role: process.env.VOLANTE_ROLE ?? null, worker: process.env.NOTIFICATION_WORKER ?? null,
  batch: process.env.NOTIFICATION_BATCH ?? null, duty: process.env.NOTIFICATION_DUTY ?? null, host: process.env.HOSTNAME ?? null, port: process.env.PORT, probes }));
require("node:http").createServer((req, res) => {
  if (req.url === "/api/health") { probes += 1; writeEnv(); }
  if (req.url === "/slow") return setTimeout(() => res.end("slow done"), 1500);
  if (req.url === "/ready") { res.statusCode = globalThis.__volanteDraining ? 503 : 200; return res.end(res.statusCode === 200 ? "ready" : "draining"); }
  res.end(String(process.pid));
}).listen(Number(process.env.PORT), process.env.HOSTNAME, () => {
  writeEnv();
  console.log("\\x1b[1m\\x1b[35m▲ Next.js 16.4.5\\x1b[39m\\x1b[22m");
  console.log("- Local:         http://localhost:" + process.env.PORT);
  console.log("- Network:       http://0.0.0.0:" + process.env.PORT);
  console.log("\\x1b[32m\\x1b[1m✓\\x1b[22m\\x1b[39m Ready in 0ms");
  console.log("✓ Running next.config took 50ms");
  console.log("a line of the app's own", 42);
});`;

let dir: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "volante-cluster-"));
  fs.copyFileSync(path.join(__dirname, "cluster.cjs"), path.join(dir, "cluster.cjs"));
  fs.copyFileSync(path.join(__dirname, "graceful.cjs"), path.join(dir, "graceful.cjs"));
  fs.copyFileSync(path.join(__dirname, "worker-process.cjs"), path.join(dir, "worker-process.cjs"));
  fs.writeFileSync(path.join(dir, "server.js"), SERVER_JS);
});
afterAll(() => {
  for (const child of started) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

let nextPort = 41_000 + (process.pid % 1000) * 8;

function start(env: Record<string, string>, stdout: "ignore" | "pipe" = "ignore"): { child: ChildProcess; port: number } {
  const port = nextPort++;
  const childEnv = { PATH: process.env.PATH ?? "", PORT: String(port), ...env } as unknown as NodeJS.ProcessEnv;
  const child: ChildProcess = spawn(process.execPath, ["cluster.cjs"], { cwd: dir, env: childEnv, stdio: ["ignore", stdout, "ignore"] });
  started.push(child);
  return { child, port };
}

const request = (port: number, urlPath = "/") =>
  new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: urlPath, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on("error", reject);
  });
const get = async (port: number) => (await request(port)).body;

async function pidsAnswering(port: number, requests = 60): Promise<Set<string>> {
  for (let i = 0; i < 100; i++) {
    try {
      await get(port);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const pids = new Set<string>();
  for (let i = 0; i < requests; i++) pids.add(await get(port));
  return pids;
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

it("serves the port from WEB_CONCURRENCY worker processes on PostgreSQL, and replaces one that dies", async () => {
  const { child, port } = start({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://unused" });
  const pids = await pidsAnswering(port);
  expect(pids.size).toBe(2);
  expect(pids.has(String(child.pid))).toBe(false);

  const [victim] = [...pids];
  process.kill(Number(victim), "SIGKILL");
  await new Promise((r) => setTimeout(r, 2500));
  const after = await pidsAnswering(port);
  expect(after.size).toBe(2);
  expect(after.has(victim!)).toBe(false);

  child.kill("SIGTERM");
  expect(await exited(child)).toBe(0);
}, 30_000);

type StartedWith = { pid: number; role: string | null; worker: string | null; batch: string | null; host: string | null; port: string; probes: number };
const startedWith = (pid: number): StartedWith | null => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, `env-${pid}.json`), "utf8")) as StartedWith;
  } catch {
    return null;
  }
};

it("in production on PostgreSQL, runs the notification worker in one more process: lowest priority, no traffic, stopped with the rest", async () => {
  const { child, port } = start({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://unused", NODE_ENV: "production" }, "pipe");
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  const web = await pidsAnswering(port);
  expect(web.size).toBe(2);
  for (const pid of web) expect(startedWith(Number(pid))).toMatchObject({ role: null, worker: "off", port: String(port) });

  let workerPid = 0;
  for (let i = 0; i < 100 && !workerPid; i++) {
    const line = out.split("\n").find((l) => l.includes("notification worker process started"));
    if (line) workerPid = (JSON.parse(line) as { worker: number }).worker;
    else await new Promise((r) => setTimeout(r, 100));
  }
  expect(web.has(String(workerPid))).toBe(false);
  let worker = startedWith(workerPid);
  for (let i = 0; i < 100 && !(worker && worker.probes > 0); i++) {
    await new Promise((r) => setTimeout(r, 100));
    worker = startedWith(workerPid);
  }
  // Its own loopback port, its API loaded by a probe (which starts its worker), rounds of 500, half the time working.
  expect(worker).toMatchObject({ role: "notification-worker", worker: "on", batch: "500", duty: "0.5", host: "127.0.0.1" });
  expect(worker!.port).not.toBe(String(port));
  expect(worker!.probes).toBeGreaterThan(0);
  expect(os.getPriority(workerPid)).toBe(19);

  child.kill("SIGTERM");
  expect(await exited(child)).toBe(0);
  expect(isAlive(workerPid)).toBe(false);
}, 60_000);

it("runs a single process on embedded PGlite, whatever WEB_CONCURRENCY says", async () => {
  const { child, port } = start({ WEB_CONCURRENCY: "4" });
  expect([...(await pidsAnswering(port, 20))]).toEqual([String(child.pid)]);
  child.kill("SIGTERM");
  await exited(child);
}, 30_000);

it("stops gracefully on SIGTERM: readiness 503 while draining, the request in flight answered, then no new connection", async () => {
  const { child, port } = start({ SHUTDOWN_DRAIN_MS: "600", SHUTDOWN_TIMEOUT_MS: "10000" });
  await pidsAnswering(port, 1);
  expect((await request(port, "/ready")).status).toBe(200);
  const slow = request(port, "/slow");
  await new Promise((r) => setTimeout(r, 100));
  const stopped = exited(child);
  child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 150));
  // Still serving while the balancer notices, but no longer ready, and every answer closes its connection.
  const ready = await request(port, "/ready");
  expect(ready).toMatchObject({ status: 503, body: "draining", connection: "close" });
  expect(await slow).toMatchObject({ status: 200, body: "slow done" });
  expect(await stopped).toBe(0);
  await expect(request(port, "/")).rejects.toThrow(/ECONNREFUSED/);
}, 30_000);

it("keeps listening after the drain while requests still come (a late balancer), and closes once they stop", async () => {
  const { child, port } = start({ SHUTDOWN_DRAIN_MS: "200", SHUTDOWN_QUIET_MS: "500", SHUTDOWN_TIMEOUT_MS: "10000" });
  await pidsAnswering(port, 1);
  const stopped = exited(child);
  const signalled = Date.now();
  child.kill("SIGTERM");
  // A request every 100 ms for 1.5 s, well past the 200 ms drain: every one answered, none refused or reset.
  const answers: number[] = [];
  while (Date.now() - signalled < 1500) {
    answers.push((await request(port, "/")).status);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(answers.length).toBeGreaterThan(8);
  expect(new Set(answers)).toEqual(new Set([200]));
  // The traffic stops: the process closes within the quiet time and exits.
  expect(await stopped).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(1500 + 500 + 1500);
  await expect(request(port, "/")).rejects.toThrow(/ECONNREFUSED/);
}, 30_000);

it("cuts what is still running when the shutdown time is up", async () => {
  const { child, port } = start({ SHUTDOWN_DRAIN_MS: "0", SHUTDOWN_TIMEOUT_MS: "300" });
  await pidsAnswering(port, 1);
  const slow = request(port, "/slow").then(
    () => "answered",
    (error: Error) => error.message,
  );
  await new Promise((r) => setTimeout(r, 100));
  const started = Date.now();
  child.kill("SIGTERM");
  expect(await exited(child)).toBe(0);
  expect(Date.now() - started).toBeLessThan(1400);
  expect(await slow).toMatch(/socket hang up|ECONNRESET/);
}, 30_000);

it("writes Next's startup banner as JSON lines, and leaves every other line as it was", async () => {
  const { child, port } = start({}, "pipe");
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  await pidsAnswering(port, 1);
  for (let i = 0; i < 50 && !out.includes("a line of the app"); i++) await new Promise((r) => setTimeout(r, 50));
  child.kill("SIGTERM");
  await exited(child);

  const lines = out.trim().split("\n");
  const banner = lines.slice(0, 5).map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(banner.map((line) => line.msg)).toEqual([
    "Next.js 16.4.5",
    `Local: http://localhost:${port}`,
    `Network: http://0.0.0.0:${port}`,
    "Ready in 0ms",
    "Running next.config took 50ms",
  ]);
  for (const line of banner) {
    expect(line).toMatchObject({ level: 30, service: "volante-web", pid: child.pid });
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
  }
  expect(lines[5]).toBe("a line of the app's own 42");
  // What follows is the graceful stop's own JSON lines: nothing else in plain text.
  expect(lines.slice(6).every((line) => JSON.parse(line) !== null)).toBe(true);
}, 30_000);
