// `npm test`: every suite — unit, API on embedded PGlite (and on PostgreSQL when TEST_DATABASE_URL is set),
// then Playwright in Chromium against the production build — and one closing line with the totals.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const results = [];
fs.mkdirSync("test-results", { recursive: true });

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, TZ: "UTC", ...env } });
  console.log(`=== ${name}: exit ${result.status} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  return result.status === 0;
}

function jest(name, project, reportFile, env = {}) {
  const ok = run(name, "npx", ["jest", "--selectProjects", project, "--json", `--outputFile=${reportFile}`], {
    NODE_OPTIONS: "--experimental-vm-modules",
    ...env,
  });
  const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, "utf8")) : null;
  results.push({
    name,
    ok,
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? (ok ? 0 : 1),
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
  });
}

for (const f of fs.readdirSync("test-results").filter((f) => f.endsWith(".json"))) fs.rmSync(`test-results/${f}`);
const apiEnv = { DATABASE_URL: "" };
jest("unit", "unit", "test-results/jest-unit.json", apiEnv);
jest("api (PGlite)", "api", "test-results/jest-api-pglite.json", apiEnv);
if (process.env.TEST_DATABASE_URL) {
  jest("api (PostgreSQL)", "api", "test-results/jest-api-postgres.json", { DATABASE_URL: process.env.TEST_DATABASE_URL });
}

if (process.env.SKIP_E2E !== "1") {
  const built = run("next build", "npx", ["next", "build"], { DATABASE_URL: "" });
  const browser = built && run("browser", "node", ["scripts/ensure-browser.mjs"]);
  const ok = browser && run("e2e (Playwright, Chromium)", "npx", ["playwright", "test"], { DATABASE_URL: "" });
  const file = "test-results/e2e.json";
  const stats = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")).stats : null;
  results.push({
    name: "e2e",
    ok,
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? (ok ? 0 : 1),
    skipped: stats?.skipped ?? 0,
  });
}

console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
console.log(`${total("passed")} passed, ${total("failed")} failed, ${total("skipped")} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
