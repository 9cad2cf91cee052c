// Playwright's web server: a fresh embedded database with demo data, then the production build.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// Absolute: the standalone server.js runs in its own folder (it changes directory), the seed here.
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? path.join(".data", "e2e"));
fs.rmSync(dataDir, { recursive: true, force: true });
const env = { ...process.env, DATA_DIR: dataDir, PGLITE_DIR: path.join(dataDir, "pglite"), ALLOW_DEV_KEYS: "true" };
delete env.DATABASE_URL;
// The benchmarks may run the same server on PostgreSQL (scripts/bench-api.ts).
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
// E2E_STANDALONE=1 (what `npm test` sets): the journeys run against Next's standalone server.js, assembled exactly as
// the Dockerfile's image holds it, instead of `next start`.
const standalone = process.env.E2E_STANDALONE === "1";
if (standalone) env.NEXT_OUTPUT = "standalone";
const distDir = process.env.NEXT_DIST_DIR ?? ".next";

// Rebuild when any source is newer than the last build, so a run never tests stale code.
function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}
const sources = ["app", "components", "lib", "server", "public"].map((d) => newestSource(d));
const buildId = path.join(distDir, "BUILD_ID");
const standaloneServer = path.join(distDir, "standalone", "server.js");
const isStale =
  !fs.existsSync(buildId) ||
  Math.max(...sources, fs.statSync("proxy.ts").mtimeMs, fs.statSync("next.config.ts").mtimeMs) > fs.statSync(buildId).mtimeMs;
if (isStale || (standalone && !fs.existsSync(standaloneServer))) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The demo data plus what journeys cannot make through the API (tests/e2e/support/seed.ts).
const seed = spawnSync("npx", ["tsx", "tests/e2e/support/seed.ts"], { stdio: "inherit", env });
if (seed.status !== 0) process.exit(seed.status ?? 1);
// next-server stays in this script's process group, which Playwright signals as a whole on shutdown
// (SIGTERM, gracefulShutdown in playwright.config.ts); a detached child would outlive it and hold the pipes.
const port = process.env.E2E_PORT ?? "3100";
let server;
if (standalone) {
  const assemble = spawnSync("node", ["scripts/standalone-assemble.mjs", distDir], { stdio: "inherit", env });
  if (assemble.status !== 0) process.exit(assemble.status ?? 1);
  // The image's entry point: server.js in WEB_CONCURRENCY processes (one on PGlite), server/cluster.cjs.
  server = spawn("node", [path.join(distDir, "standalone", "cluster.cjs")], { stdio: "inherit", env: { ...env, PORT: port, HOSTNAME: "0.0.0.0" } });
} else {
  server = spawn("npx", ["next", "start", "-p", port], { stdio: "inherit", env });
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
