// `npm test`: every suite — unit, API on embedded PGlite (and on PostgreSQL when TEST_DATABASE_URL is set),
// then Playwright in Chromium against the production build — and one closing line with the totals.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const results = [];
fs.mkdirSync("test-results", { recursive: true });

// A step is a child process awaited without blocking this one. A step `alongside` runs while the next ones do: its
// output is held and printed whole when it ends, so the log still reads one step after another.
function run(name, cmd, args, env = {}, { alongside = false } = {}) {
  console.log(`\n=== ${name}${alongside ? ": started, runs alongside the next steps" : ""} ===`);
  const started = Date.now();
  const child = spawn(cmd, args, { stdio: alongside ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, TZ: "UTC", ...env } });
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      if (alongside) {
        console.log(`\n=== ${name} (ran alongside) ===`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`=== ${name}: exit ${status} in ${Math.round((Date.now() - started) / 1000)} s ===`);
      resolve(status === 0);
    });
  });
}

// One worker per core by default: jest's own default leaves a core to its parent process, which only waits here.
// The pass's figures join the summary when it ends (`alongside`: see run).
async function jest(name, project, reportFile, env = {}, { workers = os.availableParallelism(), alongside = false } = {}) {
  const args = ["jest", "--selectProjects", project, `--maxWorkers=${workers}`, "--json", `--outputFile=${reportFile}`];
  const ok = await run(name, "npx", args, { NODE_OPTIONS: "--experimental-vm-modules", ...env }, { alongside });
  const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, "utf8")) : null;
  results.push({
    name,
    ok,
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? (ok ? 0 : 1),
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    failures: (report?.testResults ?? []).flatMap((file) => {
      const failed = file.assertionResults
        .filter((t) => t.status === "failed")
        .map((t) => withFirstLines(`${file.name}: ${t.fullName}`, t.failureMessages?.[0] ?? "", 10));
      return failed.length || file.status !== "failed" ? failed : [withFirstLines(file.name, file.message)];
    }),
  });
}

/** A failure's name and the first lines of its error, colours removed: a CI log cut to its tail still says why. */
function withFirstLines(name, error, count = 6) {
  return [name, ...firstLines(error, count)].join("\n");
}

function firstLines(error, count) {
  const lines = error.replace(/\u001b\[[0-9;]*m/g, "").split("\n").filter((line) => line.trim()).slice(0, count);
  return lines.map((line) => `       ${line.trim()}`);
}

// Each failed journey with its file, title and the first lines of each error of its last run, with the line that
// raised it: a CI log cut to its tail still says what went wrong, not only which journey. A test timeout is two
// errors, the timeout and the step that was waiting when it struck (without the second, no one knows which step hung).
function e2eFailures(report) {
  const specs = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specs)];
  const describe = (error) => {
    const where = error.location ? `(${path.basename(error.location.file)}:${error.location.line}) ` : "";
    return `${where}${error.message ?? ""}`;
  };
  return report.suites.flatMap(specs).flatMap((spec) =>
    spec.tests
      .filter((t) => t.status === "unexpected")
      .map((t) => {
        const last = t.results.at(-1);
        const errors = last?.errors?.length ? last.errors : last?.error ? [last.error] : [];
        const lines = errors.flatMap((error) => firstLines(describe(error), 6));
        return [`${spec.file}:${spec.line} ${spec.title} [${t.projectName}]`, ...lines].join("\n");
      }),
  );
}

async function freshDatabase(serverUrl) {
  const name = `volante_test_${Date.now()}_${process.pid}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

for (const f of fs.readdirSync("test-results").filter((f) => f.endsWith(".json"))) fs.rmSync(`test-results/${f}`);
const apiEnv = { DATABASE_URL: "" };
await jest("unit", "unit", "test-results/jest-unit.json", apiEnv);
// The body fuzzing sends its full 10,000 requests once: on PostgreSQL when that pass runs, else on PGlite.
const pgliteFuzz = process.env.TEST_DATABASE_URL && !process.env.FUZZ_TOTAL ? { FUZZ_TOTAL: "2500" } : {};
await jest("api (PGlite)", "api", "test-results/jest-api-pglite.json", { ...apiEnv, ...pgliteFuzz });

// The PostgreSQL pass keeps one core busy (one file at a time, below) and the journeys about one and a half of two, so
// the pass runs alongside the build and the journeys instead of before them (CI: 1.5–2.5 minutes shorter).
let postgresPass = Promise.resolve();
if (process.env.TEST_DATABASE_URL) {
  // A database of its own, created here and dropped after: the server's database outlives a run, and rows an earlier
  // run left (another clone's biometric dev key, throttle rows) must not decide this one.
  const database = await freshDatabase(process.env.TEST_DATABASE_URL);
  // One file at a time: the files share this database, and some check or change all of it at once (the ledger
  // invariant over every balance, housekeeping's purge of every expired row). On PGlite each file has its own.
  // Without the journeys there is nothing to run alongside: the pass prints as it goes.
  const alongside = process.env.SKIP_E2E !== "1";
  postgresPass = jest("api (PostgreSQL)", "api", "test-results/jest-api-postgres.json", { DATABASE_URL: database.url }, { workers: 1, alongside }).finally(
    () => database.drop(),
  );
}

if (process.env.SKIP_E2E !== "1") {
  // The journeys run against the standalone server the container image runs (scripts/e2e-server.mjs).
  const standalone = { DATABASE_URL: "", NEXT_OUTPUT: "standalone", E2E_STANDALONE: "1" };
  const built = await run("next build (standalone)", "npm", ["run", "build"], standalone);
  const browser = built && (await run("browser", "node", ["scripts/ensure-browser.mjs"]));
  const ok = browser && (await run("e2e (Playwright, Chromium, standalone server)", "npx", ["playwright", "test"], standalone));
  const file = "test-results/e2e.json";
  const report = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
  const stats = report?.stats ?? null;
  results.push({
    name: "e2e",
    ok,
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? (ok ? 0 : 1),
    skipped: stats?.skipped ?? 0,
    failures: report ? e2eFailures(report) : [],
  });
}
await postgresPass;

console.log("\n=== summary ===");
for (const r of results) {
  console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
  // The names again at the very end, where a truncated CI log still shows them.
  for (const failure of r.failures ?? []) console.log(`     ✕ ${failure}`);
}
const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
console.log(`${total("passed")} passed, ${total("failed")} failed, ${total("skipped")} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
