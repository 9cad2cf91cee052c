import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { latencySummary } from "./bench-stats";
import { httpRequest, startBenchServer } from "./bench-server";

// `npm run bench:api [-- soakSeconds]`: the authenticated API through the BFF, as the browser calls it.
// Starts the production server the container runs (scripts/e2e-server.mjs: build when stale, demo seed, standalone
// server.js) on its own port and data folder, on PostgreSQL when BENCH_DATABASE_URL is set, else on embedded PGlite.
//  1. Throughput: CONNECTIONS keep-alive connections for SECONDS each against `GET /api/info` (no session) and
//     `GET /api/config` with the demo student's session cookie: requests/s and latency.
//  2. Memory soak: the same authenticated load for SOAK seconds (default 600), the server's RSS sampled every
//     10 s; flat means the last minute's mean within ±10 % of the first minute's after warm-up.
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 10);
const SOAK = Number(process.argv[2] ?? process.env.SOAK ?? 600);
const DATA_DIR = path.join(process.cwd(), ".data", "bench-api");
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

const request = (method: string, urlPath: string, headers: Record<string, string> = {}) =>
  httpRequest(PORT, method, urlPath, headers, undefined, agent);

/** Every process of the server's tree (npx, next-server or node server.js), for its resident memory. */
function treeRss(pid: number): number {
  let kb = 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) kb += treeRss(Number(child));
    }
  } catch {
    // The process ended between the listing and the read.
  }
  return kb;
}

async function load(urlPath: string, headers: Record<string, string>, seconds: number, onTick?: () => void) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const until = Date.now() + seconds * 1000;
  let nextTick = Date.now() + 10_000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const { status } = await request("GET", urlPath, headers);
        latencies.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (onTick && Date.now() >= nextTick) {
          nextTick += 10_000;
          onTick();
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, latencies, statuses };
}

function report(name: string, result: Awaited<ReturnType<typeof load>>) {
  const statuses = [...result.statuses].map(([s, n]) => `${n} × ${s}`).join(", ");
  console.log(`${name}: ${Math.round(result.perSecond)} requests/s (${statuses}); ${latencySummary(result.latencies)}`);
}

async function main() {
  const server = await startBenchServer(PORT, DATA_DIR);
  try {
    const session = { cookie: await server.signIn("alumno", "alumno123") };
    if ((await request("GET", "/api/config", session)).status !== 200) throw new Error("GET /api/config with the session failed");

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each (after a 5 s warm-up):`);
    await load("/api/config", session, 5);
    report("GET /api/info (no session)    ", await load("/api/info", {}, SECONDS));
    report("GET /api/config (with session)", await load("/api/config", session, SECONDS));

    if (SOAK > 0) {
      console.log(`\nMemory soak: GET /api/config with the session for ${SOAK} s, RSS of the server every 10 s…`);
      const samples: { at: number; mb: number }[] = [];
      const started = Date.now();
      const sample = () => samples.push({ at: Math.round((Date.now() - started) / 1000), mb: treeRss(server.pid) / 1024 });
      sample();
      const result = await load("/api/config", session, SOAK, sample);
      sample();
      report("soak", result);
      console.log(`RSS (MB) by second: ${samples.map((s) => `${s.at}s ${Math.round(s.mb)}`).join(", ")}`);
      const window = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.mb);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
      const first = mean(window(60, 120));
      const last = mean(window(SOAK - 60, SOAK + 10));
      if (SOAK >= 180) {
        const change = (100 * (last - first)) / first;
        console.log(`RSS after warm-up (60–120 s) ${first.toFixed(0)} MB, last minute ${last.toFixed(0)} MB: ${change >= 0 ? "+" : ""}${change.toFixed(1)} % (${Math.abs(change) <= 10 ? "flat" : "NOT flat"})`);
      }
    }
  } finally {
    server.stop();
    agent.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
