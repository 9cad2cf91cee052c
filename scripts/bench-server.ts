import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";

// The production server of a benchmark: scripts/e2e-server.mjs (build when stale, demo seed, then the standalone
// server.js the container runs, or `next start` with E2E_STANDALONE=0) on its own port and data folder, on
// PostgreSQL when BENCH_DATABASE_URL is set, else on embedded PGlite.

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export function httpRequest(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: string,
  agent?: http.Agent,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, agent, headers: { host: `localhost:${port}`, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntilUp(server: ChildProcess, port: number): Promise<void> {
  for (let i = 0; i < 900; i++) {
    if (server.exitCode !== null) throw new Error("The server stopped before answering");
    try {
      if ((await httpRequest(port, "GET", "/api/health")).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(1000);
  }
  throw new Error("The server did not answer /api/health");
}

export type BenchServer = { pid: number; stop: () => void; signIn: (username: string, password: string) => Promise<string> };

export async function startBenchServer(port: number, dataDir: string): Promise<BenchServer> {
  const standalone = process.env.E2E_STANDALONE !== "0";
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  if (standalone) Object.assign(env, { E2E_STANDALONE: "1", NEXT_OUTPUT: "standalone" });
  if (process.env.BENCH_DATABASE_URL) env.E2E_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = spawn("node", ["scripts/e2e-server.mjs"], { stdio: ["ignore", "ignore", "inherit"], env, detached: true });
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  process.on("SIGINT", () => (stop(), process.exit(130)));
  const where = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
  console.log(`Starting the ${standalone ? "standalone server.js" : "next start"} server on :${port} (${where})…`);
  try {
    await waitUntilUp(server, port);
  } catch (error) {
    stop();
    throw error;
  }

  /** The session cookie header of a demo user, signed in through the BFF as the login page does. */
  async function signIn(username: string, password: string): Promise<string> {
    const headers = { "content-type": "application/json", origin: `http://localhost:${port}` };
    const login = await httpRequest(port, "POST", "/api/login", headers, JSON.stringify({ username, password }));
    const cookie = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    if (login.status !== 200 || !cookie) throw new Error(`Login of ${username} failed: ${login.status} ${login.body}`);
    return cookie;
  }

  return { pid: server.pid!, stop, signIn };
}
