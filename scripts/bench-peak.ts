import crypto from "node:crypto";
import http from "node:http";
import os from "node:os";
import { sql } from "drizzle-orm";
import { exportPKCS8, exportSPKI, generateKeyPair } from "jose";
import { checkDatabase, connectPeakDatabase, createDatabase, createStudents, week } from "./bench-peak-world";
import { startPeakServers, type PeakServer } from "./bench-peak-servers";
import { Recorder, studentJourney, type CallKind, type Transport } from "./bench-peak-student";
import { latencySummary, percentile } from "./bench-stats";
import type { Db } from "../server/db/client";
import { cpuSeconds } from "../tests/support/processes";

// `npm run bench:peak`: the capacity plan's 20:00 peak (docs/operations.md): schools open next week's slots and a fifth
// of their students book within ten minutes, 100,000 students ÷ 600 s ≈ 167 students a second, each making ~5 calls
// (the calendar weeks, the booking, the lists): ~170 bookings/s and ~830 requests/s. Compressed in time: PEAK_STUDENTS
// (2,000) students of four schools of 500 arrive at the plan's rate × each scale of PEAK_SCALES (default 1, i.e. 12 s
// of arrivals), each running scripts/bench-peak-student.ts without pauses; every scale gets schools of its own.
// Short mode: PEAK_SECONDS=3 (500 students, 3 s of arrivals at the plan's rate) instead of PEAK_STUDENTS.
//
// Two instances on one PostgreSQL: by default the production server the container runs (PEAK_SERVER=standalone:
// Next's standalone server.js under server/cluster.cjs with WEB_CONCURRENCY=1, the BFF with the API in process; built
// into NEXT_DIST_DIR when missing or older than the sources, PEAK_REBUILD=never skips that, PEAK_STANDALONE=<folder>
// runs an assembled standalone folder as it is), or the API alone
// (PEAK_SERVER=api: `node --import tsx server/main.ts`, no BFF). The calls alternate between the two instances as a
// round-robin balancer would send them (no proxy process: on this machine it would take the cores a real balancer
// takes elsewhere). The database is created for the run on the server of PEAK_POSTGRES_URL and dropped afterwards, or
// PEAK_DATABASE_URL names an existing one to use and keep.
//
// Reported per scale: errors (any answer but 200/201 or a 409 SLOTS_UNAVAILABLE, or a connection error; expected 0),
// double bookings counted in the database afterwards (two active reservations overlapping for one instructor or one
// student; expected 0), every 201 found in the database, balances equal to their ledgers, latency per call (booking
// p95 target ≤ 100 ms), and the achieved rate as a ratio to the plan's: bookings ÷ (last booking's answer − first
// arrival) against 167/s.

const PLAN_STUDENTS_PER_SECOND = 100_000 / 600;
const PLAN_CALLS_PER_STUDENT = 5;
// PEAK_SECONDS (short mode): as many students as arrive in that many seconds at the plan's rate (e.g. 3 → 500).
const STUDENTS = process.env.PEAK_SECONDS ? Math.max(1, Math.round(Number(process.env.PEAK_SECONDS) * PLAN_STUDENTS_PER_SECOND)) : Number(process.env.PEAK_STUDENTS ?? 2000);
const SCALES = (process.env.PEAK_SCALES ?? "1").split(",").map(Number).filter((n) => n > 0);
const MODE = process.env.PEAK_SERVER === "api" ? "api" : "standalone";
const POSTGRES_URL = process.env.PEAK_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// PEAK_DATABASE_URL: run in this existing database (empty, or migrated by an earlier run) and keep it, instead of one
// created on PEAK_POSTGRES_URL's server and dropped. Each run adds schools of its own; the checks look at those only.
const DATABASE_URL = process.env.PEAK_DATABASE_URL;
const BOOKING_P95_TARGET_MS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// CPU seconds of PostgreSQL's backends, found by application name.
async function backendCpu(db: Db, appName: string): Promise<number> {
  const rows = (await db.execute(sql`select pid from pg_stat_activity where application_name = ${appName}`)).rows as { pid: number }[];
  return rows.reduce((sum, { pid }) => sum + cpuSeconds(Number(pid)), 0);
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(", ");

async function main() {
  console.log(`# 20:00 peak bench (${new Date().toISOString()}): ${os.availableParallelism()} cores, load average (1, 5, 15 min) ${loadAverage()}`);
  // The instances and this process share the keys, as replicas do: tokens signed here are the instances' own.
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  Object.assign(process.env, {
    JWT_PRIVATE_KEY: await exportPKCS8(privateKey),
    JWT_PUBLIC_KEY: await exportSPKI(publicKey),
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
  });
  const internalSecret = crypto.randomBytes(24).toString("hex");
  if (!Number.isFinite(STUDENTS) || STUDENTS < 1 || SCALES.length === 0) throw new Error("PEAK_STUDENTS / PEAK_SECONDS / PEAK_SCALES: positive numbers");
  const database = DATABASE_URL ? { url: DATABASE_URL, drop: async () => undefined } : await createDatabase(POSTGRES_URL);
  const handle = connectPeakDatabase(database.url);
  let servers: PeakServer[] = [];
  try {
    const appName = "volante-bench-peak";
    const serverUrl = new URL(database.url);
    serverUrl.searchParams.set("application_name", appName);
    // The instances migrate the empty database as they start (each waits until /api/ready answers 200).
    servers = await startPeakServers(MODE, 2, { DATABASE_URL: serverUrl.toString(), INTERNAL_API_SECRET: internalSecret });
    // Idle connections are dropped after 4 s, before the server's own keep-alive timeout (Node's 5 s), as a balancer in
    // front of the app is configured to.
    const agents = servers.map(() => new http.Agent({ keepAlive: true, maxSockets: 1024, timeout: 4000 }));
    const transport: Transport = { mode: MODE === "standalone" ? "bff" : "api", internalSecret, ports: servers.map((s) => s.port), agents };
    const weeks = { current: week(0), next: week(1) };
    console.log(`two instances (${MODE === "standalone" ? "standalone server.js under cluster.cjs, WEB_CONCURRENCY=1 each, through the BFF" : "API processes, no BFF"}) on :${transport.ports.join(", :")}, one PostgreSQL`);

    // Warm-up: each instance's routes, pools and caches, with a school of its own that is not counted.
    const warm = await createStudents(handle.db, "warm", 60);
    const warmRecorder = new Recorder();
    for (let i = 0; i < warm.students.length; i += 6) await Promise.all(warm.students.slice(i, i + 6).map((s) => studentJourney(s, weeks, transport, warmRecorder)));
    if (warmRecorder.errors.length) throw new Error(`warm-up failed: ${warmRecorder.errors.slice(0, 3).join("; ")}`);

    let failed = false;
    for (const [stage, scale] of SCALES.entries()) {
      const { students, tenantIds } = await createStudents(handle.db, `s${stage}`, STUDENTS);
      const rate = PLAN_STUDENTS_PER_SECOND * scale;
      const recorder = new Recorder();
      await sleep(2000);
      const load0 = loadAverage();
      const cpu0 = { servers: servers.map((s) => cpuSeconds(s.pid)), pg: await backendCpu(handle.db, appName), self: process.cpuUsage() };
      const started = performance.now();
      const journeys: Promise<void>[] = [];
      for (const [i, student] of students.entries()) {
        // Open loop: students arrive on schedule whatever the answers take, as they do at 20:00.
        const wait = started + (i * 1000) / rate - performance.now();
        if (wait > 0) await sleep(wait);
        journeys.push(studentJourney(student, weeks, transport, recorder));
      }
      const arrivals = (performance.now() - started) / 1000;
      await Promise.all(journeys);
      const elapsed = (performance.now() - started) / 1000;
      const cpu = {
        servers: servers.map((s, i) => cpuSeconds(s.pid) - cpu0.servers[i]!),
        pg: (await backendCpu(handle.db, appName)) - cpu0.pg,
        self: ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(cpu0.self)),
      };
      const checks = await checkDatabase(handle.db, tenantIds);

      const bookingEnds = recorder.calls.filter((c) => c.kind === "booking" && c.status === 201).map((c) => c.endedAt);
      const bookingSpan = bookingEnds.length ? (Math.max(...bookingEnds) - started) / 1000 : Number.NaN;
      const achieved = bookingEnds.length ? recorder.booked / bookingSpan : 0;
      const requestsPerSecond = recorder.calls.length / elapsed;
      const latency = (kind: CallKind) => recorder.calls.filter((c) => c.kind === kind).map((c) => c.ms).sort((a, b) => a - b);
      const bookingP95 = percentile(latency("booking"), 95);
      console.log(`\n## scale ×${scale}: ${students.length} students arriving at ${rate.toFixed(1)}/s (over ${arrivals.toFixed(1)} s), all done after ${elapsed.toFixed(1)} s; load average before ${load0}, after ${loadAverage()}`);
      const planCalls = PLAN_STUDENTS_PER_SECOND * PLAN_CALLS_PER_STUDENT;
      console.log(`calls: ${recorder.calls.length} in ${elapsed.toFixed(1)} s, ${requestsPerSecond.toFixed(0)}/s (offered ~${(planCalls * scale).toFixed(0)}/s; ${(requestsPerSecond / planCalls).toFixed(2)}× the plan's ${planCalls.toFixed(0)}/s)`);
      console.log(`bookings: ${recorder.booked} booked (the last answered ${bookingSpan.toFixed(1)} s after the first arrival: ${achieved.toFixed(1)}/s = ${(achieved / PLAN_STUDENTS_PER_SECOND).toFixed(2)}× the plan's ${PLAN_STUDENTS_PER_SECOND.toFixed(0)}/s), ${recorder.taken} slots taken meanwhile (picked again), ${recorder.gaveUp} gave up after 3 taken, ${recorder.withoutSlot} found no free slot; ${recorder.resent} sent again after a kept-alive connection was reset`);
      for (const kind of ["calendar", "booking", "list", "balance"] as const) console.log(`${kind.padEnd(8)} ${String(latency(kind).length).padStart(5)} calls: ${latencySummary(latency(kind))}`);
      console.log(`errors: ${recorder.errors.length}${recorder.errors.length ? ` (first: ${[...new Set(recorder.errors)].slice(0, 5).join(" | ")})` : ""}`);
      console.log(`database: ${checks.active} active reservations for ${recorder.booked} answered 201; double bookings ${checks.instructorOverlaps} (instructor) + ${checks.studentOverlaps} (student); balances off their ledger ${checks.ledgerProblems}`);
      console.log(`CPU seconds: instances ${cpu.servers.map((c) => c.toFixed(1)).join(" + ")}, PostgreSQL backends ${cpu.pg.toFixed(1)}, this load generator ${cpu.self.toFixed(1)} (of ${(elapsed * os.availableParallelism()).toFixed(0)} available)`);
      // What the load costs, independent of how busy the machine was: CPU per student journey (instances and
      // PostgreSQL), and the cores the plan's arrival rate would keep busy at that cost.
      const cpuPerStudent = (cpu.servers.reduce((a, b) => a + b, 0) + cpu.pg) / students.length;
      console.log(`CPU per student: ${(cpuPerStudent * 1000).toFixed(1)} ms (instances + PostgreSQL); the plan's ${PLAN_STUDENTS_PER_SECOND.toFixed(0)} students/s need ~${(cpuPerStudent * PLAN_STUDENTS_PER_SECOND).toFixed(1)} cores at that cost`);
      const met = [
        ["0 errors", recorder.errors.length === 0],
        ["0 double bookings, every 201 in the database", checks.instructorOverlaps + checks.studentOverlaps === 0 && checks.active === recorder.booked && checks.ledgerProblems === 0],
        [`booking p95 ≤ ${BOOKING_P95_TARGET_MS} ms (${bookingP95.toFixed(1)} ms)`, bookingP95 <= BOOKING_P95_TARGET_MS],
      ] as const;
      for (const [name, ok] of met) console.log(`${ok ? "met   " : "MISSED"} ${name}`);
      failed ||= !met.every(([, ok]) => ok);
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await handle.close();
    if (DATABASE_URL) console.log(`database used and kept: ${DATABASE_URL}`);
    else if (process.env.PEAK_KEEP_DATABASE !== "1") await database.drop();
    else console.log(`database kept: ${database.url}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
