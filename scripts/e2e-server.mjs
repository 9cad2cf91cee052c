// Playwright's web server: a fresh embedded database with demo data, then the production build.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dataDir = process.env.E2E_DATA_DIR ?? path.join(process.cwd(), ".data", "e2e");
fs.rmSync(dataDir, { recursive: true, force: true });
const env = { ...process.env, DATA_DIR: dataDir, PGLITE_DIR: path.join(dataDir, "pglite"), ALLOW_DEV_KEYS: "true" };
delete env.DATABASE_URL;

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
const isStale =
  !fs.existsSync(".next/BUILD_ID") ||
  Math.max(...sources, fs.statSync("proxy.ts").mtimeMs, fs.statSync("next.config.ts").mtimeMs) > fs.statSync(".next/BUILD_ID").mtimeMs;
if (isStale) {
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const seed = spawnSync("npx", ["tsx", "scripts/seed.ts"], { stdio: "inherit", env });
if (seed.status !== 0) process.exit(seed.status ?? 1);
// next-server stays in this script's process group, which Playwright signals as a whole on shutdown
// (SIGTERM, gracefulShutdown in playwright.config.ts); a detached child would outlive it and hold the pipes.
const server = spawn("npx", ["next", "start", "-p", process.env.E2E_PORT ?? "3100"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
