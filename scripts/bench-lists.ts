import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { TENANT_HOST_HEADER } from "../lib/tenant/host";
import { createApp } from "../server/app";
import type { Db } from "../server/db/client";
import { encodeCursor, instantCursor } from "../server/http/cursor";
import { withBenchSchool } from "./bench-school";
import { latencySummary, percentile } from "./bench-stats";

// `npm run bench:lists`: the lists that grow with a student's activity, read a page at a time, on PostgreSQL.
// One student with 100,000 balance movements, 5,000 reservations (mostly cancelled: book-and-cancel) and 3,000
// practices; each list's first page and a deep page (read from a cursor) through the in-process Hono app, as the BFF
// calls it. Goal: p95 <= 50 ms each. Then the office's scenario (scripts/bench-lists-office.ts, when present).
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server: the bench creates a fresh database
// there, migrates it (server/db/client.ts openDatabase) and drops it at the end. BENCH_OFFICE=0 skips the office's part.
const BASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 100_000);
const RESERVATIONS = Number(process.env.BENCH_RESERVATIONS ?? 5_000);
const PRACTICES = Number(process.env.BENCH_PRACTICES ?? 3_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const GOAL_P95_MS = 50;
process.env.LOG_LEVEL ??= "silent";

type Auth = { token: string; host: string };
export type ListsCall = (path: string, auth: Auth) => Promise<{ status: number; json: unknown; headers: Headers }>;
type Result = { name: string; p50: number; p95: number; summary: string; ok: boolean };

function callerOf(app: ReturnType<typeof createApp>): ListsCall {
  return async (path, { token, host }) => {
    const res = await app.request(`/api${path}`, { headers: { [TENANT_HOST_HEADER]: host, authorization: `Bearer ${token}` } });
    return { status: res.status, json: await res.json().catch(() => null), headers: res.headers };
  };
}

async function measure(call: ListsCall, name: string, path: string, auth: Auth): Promise<Result> {
  for (let i = 0; i < 5; i += 1) await call(path, auth); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const res = await call(path, auth);
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${name}: ${path} answered ${res.status} ${JSON.stringify(res.json)}`);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  return { name, p50: percentile(times, 50), p95, summary: latencySummary(times), ok: p95 <= GOAL_P95_MS };
}

// Bulk rows with generate_series: a ledger that starts and ends at zero (top-up, consumption, …), reservations two
// hours apart around now (every fifth confirmed, the others cancelled, as book-and-cancel leaves them), practices
// one a day going back.
async function fill(db: Db, t: { tenantId: string; studentId: string; instructorId: string; licenseId: string }) {
  const { tenantId, studentId, instructorId, licenseId } = t;
  await db.execute(sql`insert into balances (tenant_id, student_id) values (${tenantId}, ${studentId})`);
  await db.execute(sql`
    insert into balance_movements (tenant_id, student_id, type, operation, description, amount, amount_before, amount_after, created_at)
    select ${tenantId}, ${studentId}, 'time',
      case when i % 2 = 1 then 'top-up' else 'consumption' end,
      case when i % 2 = 1 then 'reserva_cancelada' else 'reserva_solicitada' end,
      3600, case when i % 2 = 1 then 0 else 3600 end, case when i % 2 = 1 then 3600 else 0 end,
      now() - ((${MOVEMENTS} - i) || ' seconds')::interval
    from generate_series(1, ${MOVEMENTS}) as i`);
  await db.execute(sql`
    insert into reservations (tenant_id, student_id, instructor_id, license_id, start_at, end_at, status, charge_mode, charge_amount, cancelled_at)
    select ${tenantId}, ${studentId}, ${instructorId}, ${licenseId},
      date_trunc('hour', now()) + ((i - ${RESERVATIONS} * 0.8)::int * interval '2 hours'),
      date_trunc('hour', now()) + ((i - ${RESERVATIONS} * 0.8)::int * interval '2 hours') + interval '1 hour',
      case when i % 5 = 0 then 'confirmed' else 'cancelled' end, 'time', 3600,
      case when i % 5 = 0 then null else now() - interval '30 days' end
    from generate_series(1, ${RESERVATIONS}) as i`);
  await db.execute(sql`
    insert into practices (tenant_id, student_id, instructor_id, license_id, start_at, end_at)
    select ${tenantId}, ${studentId}, ${instructorId}, ${licenseId},
      date_trunc('day', now()) - (i || ' days')::interval + interval '9 hours',
      date_trunc('day', now()) - (i || ' days')::interval + interval '10 hours'
    from generate_series(1, ${PRACTICES}) as i`);
  for (const table of ["balance_movements", "reservations", "practices"]) await db.execute(sql.raw(`analyze ${table}`));
}

// Positions deep in each list, encoded as the API encodes its own (the rows half-way down).
async function deepCursors(db: Db, t: { tenantId: string; studentId: string }) {
  const one = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)).rows as T[])[0]!;
  const move = await one<{ seq: string; id: string }>(sql`
    select seq, id from balance_movements where tenant_id = ${t.tenantId} and student_id = ${t.studentId}
    order by seq desc offset ${Math.floor(MOVEMENTS / 2)} limit 1`);
  const past = await one<{ end_at: string; id: string }>(sql`
    select end_at, id from reservations where tenant_id = ${t.tenantId} and student_id = ${t.studentId} and end_at <= now()
    order by end_at desc, id desc offset ${Math.floor(RESERVATIONS / 2)} limit 1`);
  const practice = await one<{ start_at: string; id: string }>(sql`
    select start_at, id from practices where tenant_id = ${t.tenantId} and student_id = ${t.studentId}
    order by start_at desc, id desc offset ${Math.floor(PRACTICES / 2)} limit 1`);
  const month = new Date(practice.start_at).toISOString().slice(0, 7);
  return {
    ledger: encodeURIComponent(encodeCursor("ledger", Number(move.seq), move.id)),
    studentPast: encodeURIComponent(instantCursor("student:previous", new Date(past.end_at), past.id)),
    instructorPast: encodeURIComponent(instantCursor("instructor:past", new Date(past.end_at), past.id)),
    practice: encodeURIComponent(instantCursor("instructor-practices", new Date(practice.start_at), practice.id)),
    month,
  };
}

function printTable(title: string, results: Result[]) {
  const width = Math.max(...results.map((r) => r.name.length), 10);
  console.log(`\n${title}`);
  console.log(`${"list".padEnd(width)} | ${"p50 ms".padStart(7)} | ${"p95 ms".padStart(7)} | goal p95 <= ${GOAL_P95_MS} ms`);
  console.log(`${"-".repeat(width)}-|-${"-".repeat(7)}-|-${"-".repeat(7)}-|-${"-".repeat(18)}`);
  for (const r of results) console.log(`${r.name.padEnd(width)} | ${r.p50.toFixed(1).padStart(7)} | ${r.p95.toFixed(1).padStart(7)} | ${r.ok ? "ok" : "SLOW"}`);
}

async function withFreshDatabase(run: (url: string) => Promise<void>) {
  const name = `volante_lists_bench_${crypto.randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = Object.assign(new URL(BASE_URL), { pathname: `/${name}` }).toString();
  try {
    await run(url);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main() {
  const scriptDir = typeof __dirname === "string" ? __dirname : path.dirname(path.resolve(process.argv[1]!));
  const officePath = path.join(scriptDir, "bench-lists-office.ts");
  let failures = 0;
  await withFreshDatabase(async (url) => {
    await withBenchSchool(url, "lists", async (school) => {
      const { db, tenantId, host } = school;
      const app = createApp({ db: async () => db });
      const call = callerOf(app);
      const student = await school.user("ROLE_ALUMNO", 1);
      const instructor = await school.user("ROLE_INSTRUCTOR", 2);
      const [license] = (await db.execute(sql`insert into licenses (tenant_id, code, name) values (${tenantId}, 'b', 'B') returning id`)).rows as { id: string }[];
      const started = performance.now();
      await fill(db, { tenantId, studentId: student.id, instructorId: instructor.id, licenseId: license!.id });
      console.log(
        `lists: ${MOVEMENTS} movements, ${RESERVATIONS} reservations, ${PRACTICES} practices inserted in ${((performance.now() - started) / 1000).toFixed(1)} s; ${RUNS} reads each`,
      );
      const deep = await deepCursors(db, { tenantId, studentId: student.id });
      const asStudent = { token: student.token, host };
      const asInstructor = { token: instructor.token, host };
      const cases: Array<[string, string, Auth]> = [
        ["Balance history: first page (50)", "/student/balance/history", asStudent],
        ["Balance history: deep page (movement ~50,000)", `/student/balance/history?cursor=${deep.ledger}`, asStudent],
        ["Reservations: upcoming, first page + count", "/student/reservations?scope=upcoming", asStudent],
        ["Reservations: previous, first page + count", "/student/reservations?scope=previous", asStudent],
        ["Reservations: previous, deep page", `/student/reservations?scope=previous&cursor=${deep.studentPast}`, asStudent],
        ["Reservations: all (the spec's call), first page", "/student/reservations", asStudent],
        ["Instructor reservations: past, first page + count", "/instructor/reservations?scope=past", asInstructor],
        ["Instructor reservations: past, deep page", `/instructor/reservations?scope=past&cursor=${deep.instructorPast}`, asInstructor],
        ["Instructor reservations: pending + count", "/instructor/reservations?scope=pending", asInstructor],
        ["Practice history: first 6 months", "/student/practices/history", asStudent],
        [`Practice history: 6 months before ${deep.month}`, `/student/practices/history?before=${deep.month}`, asStudent],
        ["Instructor practices: first page", "/instructor/practices", asInstructor],
        ["Instructor practices: deep page", `/instructor/practices?cursor=${deep.practice}`, asInstructor],
        ["Exam results: first page", "/student/exam-attendances", asStudent],
      ];
      const results: Result[] = [];
      for (const [name, p, auth] of cases) results.push(await measure(call, name, p, auth));
      printTable("Student and instructor lists (PostgreSQL, in-process API)", results);
      failures += results.filter((r) => !r.ok).length;

      if (fs.existsSync(officePath) && process.env.BENCH_OFFICE !== "0") {
        // The office's scenario, in its own school (helper "office"): runOfficeScenario(ctx) → results.
        const office = (await import(officePath)) as {
          runOfficeScenario?: (ctx: { db: Db; tenantId: string; host: string; slug: string; call?: ListsCall }) => Promise<Result[]>;
        };
        if (office.runOfficeScenario) {
          await withBenchSchool(url, "office", async (officeSchool) => {
            const officeResults = await office.runOfficeScenario!({
              db: officeSchool.db,
              tenantId: officeSchool.tenantId,
              host: officeSchool.host,
              slug: officeSchool.slug,
              call: callerOf(createApp({ db: async () => officeSchool.db })),
            });
            printTable("Office lists (scripts/bench-lists-office.ts)", officeResults);
            failures += officeResults.filter((r) => !r.ok).length;
          });
        }
      }
    });
  });
  console.log(failures ? `\n${failures} list read(s) above p95 ${GOAL_P95_MS} ms` : `\nall list reads at p95 <= ${GOAL_P95_MS} ms`);
  process.exit(failures ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
