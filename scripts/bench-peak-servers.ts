import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort, startApiProcess } from "../tests/fixtures/api-process";
import { httpRequest } from "./bench-server";

// The instances of `npm run bench:peak` (scripts/bench-peak.ts). "standalone": the production server as the image
// runs it (server/cluster.cjs starting Next's standalone server.js: the BFF with the API in process), each instance
// one process (WEB_CONCURRENCY=1) on a port of its own; "api": the API alone (tests/fixtures/api-process.ts).

export type PeakServer = { port: number; pid: number; stop: () => Promise<void> };

const DIST_DIR = process.env.NEXT_DIST_DIR ?? ".next";
const SOURCES = ["app", "components", "lib", "server", "public"];

function newest(dir: string): number {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

// As scripts/e2e-server.mjs does: build when the standalone server is missing or older than any source.
function ensureStandaloneBuild(): string {
  const serverJs = path.join(DIST_DIR, "standalone", "server.js");
  const buildId = path.join(DIST_DIR, "BUILD_ID");
  const isBuilt = fs.existsSync(serverJs) && fs.existsSync(buildId);
  const isStale = !isBuilt || Math.max(...SOURCES.map(newest), fs.statSync("proxy.ts").mtimeMs, fs.statSync("next.config.ts").mtimeMs) > fs.statSync(buildId).mtimeMs;
  if (!isBuilt || (isStale && process.env.PEAK_REBUILD !== "never")) {
    console.log(`building the standalone server into ${DIST_DIR} (npm run build)…`);
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NEXT_OUTPUT: "standalone", NEXT_DIST_DIR: DIST_DIR } });
    if (build.status !== 0) throw new Error("the build failed");
  } else if (isStale) {
    console.log(`using the existing build in ${DIST_DIR}, older than the sources (PEAK_REBUILD=never)`);
  }
  const assemble = spawnSync("node", ["scripts/standalone-assemble.mjs", DIST_DIR], { stdio: "inherit" });
  if (assemble.status !== 0) throw new Error("assembling the standalone folder failed");
  return path.resolve(DIST_DIR, "standalone", "cluster.cjs");
}

// Ready for the peak: the database reachable and every migration applied (GET /api/ready's checks). Its third check,
// the face model, is left out: no call of the peak uses it, and on a busy machine it loads minutes after the rest.
async function waitUntilReady(port: number, hasExited: () => boolean): Promise<void> {
  let last = "no answer";
  for (let i = 0; i < 600; i++) {
    if (hasExited()) throw new Error(`the server on :${port} exited`);
    try {
      const answer = await httpRequest(port, "GET", "/api/ready");
      const checks = answer.status === 200 || answer.status === 503 ? (JSON.parse(answer.body) as { checks?: { database?: boolean; migrations?: boolean } }).checks : undefined;
      if (checks?.database && checks.migrations) return;
      last = `${answer.status} ${answer.body}`;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server on :${port} was not ready within 5 minutes (${last})`);
}

async function startStandalone(entry: string, env: Record<string, string>): Promise<PeakServer> {
  const port = await freePort();
  const dataDir = path.resolve(".data", `bench-peak-${port}`);
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, ...env, PORT: String(port), HOSTNAME: "127.0.0.1", WEB_CONCURRENCY: "1", DATA_DIR: dataDir, ALLOW_DEV_KEYS: "true", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitUntilReady(port, () => child.exitCode !== null);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { port, pid: child.pid!, stop };
}

export async function startPeakServers(mode: "standalone" | "api", count: number, env: Record<string, string>): Promise<PeakServer[]> {
  const shared = { ...env, SHUTDOWN_DRAIN_MS: "0" };
  if (mode === "api") {
    const processes = await Promise.all(Array.from({ length: count }, () => startApiProcess({ ...shared, LOG_LEVEL: "warn" })));
    await Promise.all(processes.map((p) => waitUntilReady(p.port, () => p.child.exitCode !== null)));
    return processes.map((p) => ({ port: p.port, pid: p.child.pid!, stop: () => p.stop() }));
  }
  // PEAK_STANDALONE: an assembled standalone folder to run as it is (an image's, or a build made elsewhere).
  const entry = process.env.PEAK_STANDALONE ? path.resolve(process.env.PEAK_STANDALONE, "cluster.cjs") : ensureStandaloneBuild();
  // Both at once, as replicas start: they migrate the empty database in turn (an advisory lock, server/db/client.ts).
  const started = await Promise.allSettled(Array.from({ length: count }, () => startStandalone(entry, shared)));
  const servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failure = started.find((s) => s.status === "rejected");
  if (failure) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failure.reason;
  }
  return servers;
}
