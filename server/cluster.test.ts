import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

// server/cluster.cjs, the image's entry point, run as it is in the image: beside a server.js (here a small HTTP server
// that answers its own pid, in place of Next's, which needs a build) in a folder of its own.
const SERVER_JS = `require("node:http").createServer((req, res) => res.end(String(process.pid))).listen(Number(process.env.PORT));`;

let dir: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "volante-cluster-"));
  fs.copyFileSync(path.join(__dirname, "cluster.cjs"), path.join(dir, "cluster.cjs"));
  fs.writeFileSync(path.join(dir, "server.js"), SERVER_JS);
});
afterAll(() => {
  for (const child of started) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

let nextPort = 41_000 + (process.pid % 1000) * 8;

function start(env: Record<string, string>): { child: ChildProcess; port: number } {
  const port = nextPort++;
  const childEnv = { PATH: process.env.PATH ?? "", PORT: String(port), ...env } as unknown as NodeJS.ProcessEnv;
  const child: ChildProcess = spawn(process.execPath, ["cluster.cjs"], { cwd: dir, env: childEnv, stdio: "ignore" });
  started.push(child);
  return { child, port };
}

const get = (port: number) =>
  new Promise<string>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve(body));
    });
    req.on("error", reject);
  });

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

it("runs a single process on embedded PGlite, whatever WEB_CONCURRENCY says", async () => {
  const { child, port } = start({ WEB_CONCURRENCY: "4" });
  expect([...(await pidsAnswering(port, 20))]).toEqual([String(child.pid)]);
  child.kill("SIGTERM");
  await exited(child);
}, 30_000);
