import fs from "node:fs";
import os from "node:os";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { and, eq, gte, sql } from "drizzle-orm";
import { createApp } from "../server/app";
import type { Db } from "../server/db/client";
import { availabilityRules, instructorAssignments, licenses, reservations } from "../server/db/schema/reservations";
import { changeBalance } from "../server/modules/balance/balance.service";
import { addDays, isoWeekday, localDate, localToUtc } from "../lib/time/zoned-time";
import { withBenchSchool } from "./bench-school";
import { latencySummary, percentile } from "./bench-stats";

// `npm run bench:booking`: on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), in its
// own tenant which it deletes afterwards. Calls the Hono app in process (app.request), as the BFF does.
//  1. GET /api/student/reservations/calendar latency for one week, 10 instructors, 500 reservations.
//  2. 200 simultaneous POST /api/student/reservations by 200 students over 20 slots of one instructor.
//  3. Throughput: THROUGHPUT_BOOKINGS students each book their own free slot (9 instructors, 108 free hours a day from
//     two weeks ahead, so ~4,000 at most inside the 60-day booking horizon), THROUGHPUT_CONCURRENCY requests in flight
//     at any time: bookings per second, all must succeed.

const APP_NAME = "volante-bench-booking";
const BASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const URL = `${BASE_URL}${BASE_URL.includes("?") ? "&" : "?"}application_name=${APP_NAME}`;
const TZ = "Europe/Madrid";
const INSTRUCTORS = 10;
const RESERVATIONS = 500;
const CALENDAR_REQUESTS = 300;
const ATTEMPTS = 200;
const SLOTS = 20;
const THROUGHPUT_BOOKINGS = Number(process.env.THROUGHPUT_BOOKINGS ?? 1000);
const THROUGHPUT_CONCURRENCY = Number(process.env.THROUGHPUT_CONCURRENCY ?? 50);
process.env.DATA_DIR ??= path.join(process.cwd(), ".data", "bench");
process.env.LOG_LEVEL ??= "silent";
// BENCH_CPU_PROFILE=file.cpuprofile: a CPU profile of the throughput scenario only (`--cpu-prof` covers the setup too).
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE;

// CPU seconds (utime + stime from /proc) of the PostgreSQL backends serving this process's pool, found by their
// application_name (as bench-chat.ts does): the database's share without counting other users of the same server.
async function backendCpu(db: Db): Promise<Map<number, { user: number; system: number }>> {
  const result = await db.execute(sql`SELECT pid FROM pg_stat_activity WHERE application_name = ${APP_NAME}`);
  const cpu = new Map<number, { user: number; system: number }>();
  for (const { pid } of result.rows as { pid: number }[]) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      cpu.set(Number(pid), { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 });
    } catch {
      // A backend on another machine, or one that just ended: not counted.
    }
  }
  return cpu;
}

async function startProfile(): Promise<Session | null> {
  if (!CPU_PROFILE) return null;
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return session;
}

async function stopProfile(session: Session | null): Promise<void> {
  if (!session || !CPU_PROFILE) return;
  const { profile } = await session.post("Profiler.stop");
  fs.writeFileSync(CPU_PROFILE, JSON.stringify(profile));
  session.disconnect();
}

// The tables this bench fills and empties again. A server without autovacuum (this workplace's test server has it off)
// keeps every earlier run's dead rows in them and in their indexes, and each run measured slower than the one before
// (the throughput's database CPU per booking went from 1.6 to 3.5 ms after a few dozen runs): vacuum them first.
const BENCH_TABLES = ["tenants", "users", "licenses", "availability_rules", "instructor_assignments", "reservations", "balances", "balance_movements", "idempotency_keys", "audit_log"];

async function main() {
  await withBenchSchool(URL, "booking", async ({ db, tenantId, host, user, users: addUsers }) => {
    const vacuumStart = performance.now();
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${BENCH_TABLES.join(", ")}`));
    console.log(`# vacuumed the bench's tables in ${((performance.now() - vacuumStart) / 1000).toFixed(1)} s`);
    const app = createApp({ db: async () => db });
    const [license] = await db.insert(licenses).values({ tenantId, code: "b", name: "B" }).returning();
    const instructors = await addUsers("ROLE_INSTRUCTOR", INSTRUCTORS, 0);
    await db.insert(availabilityRules).values(
      instructors.flatMap((ins) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ tenantId, instructorId: ins.id, weekday, startMinutes: 8 * 60, endMinutes: 20 * 60 }))),
    );

    // Next week, Monday to Monday, local time.
    let monday = addDays(localDate(Date.now(), TZ), 7);
    while (isoWeekday(monday) !== 1) monday = addDays(monday, -1);
    const weekStart = localToUtc(monday, 0, TZ);
    const weekEnd = localToUtc(addDays(monday, 7), 0, TZ);

    // 500 reservations: 50 per instructor over the week's 84 open hours; instructor i's lessons go to two
    // students of their own, so no student is ever in two places at once.
    const owners = await addUsers("ROLE_ALUMNO", INSTRUCTORS * 2, 1000);
    const rows = [];
    for (let k = 0; k < RESERVATIONS; k++) {
      const i = k % INSTRUCTORS;
      const s = Math.floor(k / INSTRUCTORS);
      const start = localToUtc(addDays(monday, s % 7), (8 + Math.floor(s / 7)) * 60, TZ);
      rows.push({
        tenantId,
        studentId: owners[i * 2 + (s % 2)]!.id,
        instructorId: instructors[i]!.id,
        licenseId: license!.id,
        startAt: new Date(start),
        endAt: new Date(start + 3_600_000),
        status: s % 3 === 0 ? ("requested" as const) : ("confirmed" as const),
        chargeMode: "time" as const,
        chargeAmount: 0,
      });
    }
    await db.insert(reservations).values(rows);
    const viewer = await user("ROLE_ALUMNO", 1);
    await db.insert(instructorAssignments).values(instructors.map((ins) => ({ tenantId, studentId: viewer.id, instructorId: ins.id, licenseId: license!.id })));

    const calendar = (i: number) =>
      app.request(
        `/api/student/reservations/calendar?${new URLSearchParams({ instructor: instructors[i % INSTRUCTORS]!.id, start: new Date(weekStart).toISOString(), end: new Date(weekEnd).toISOString() })}`,
        { headers: { "x-tenant-host": host, authorization: `Bearer ${viewer.token}` } },
      );
    for (let i = 0; i < 30; i++) await (await calendar(i)).text();
    const latencies: number[] = [];
    let events = 0;
    for (let i = 0; i < CALENDAR_REQUESTS; i++) {
      const t0 = performance.now();
      const res = await calendar(i);
      const body = (await res.json()) as unknown[];
      latencies.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`calendar answered ${res.status}`);
      events = body.length;
    }
    latencies.sort((a, b) => a - b);
    // Baseline: the same middleware (tenant, token, user) on the smallest signed-in call.
    const baseline: number[] = [];
    for (let i = 0; i < CALENDAR_REQUESTS; i++) {
      const t = performance.now();
      await (await app.request("/api/config", { headers: { "x-tenant-host": host, authorization: `Bearer ${viewer.token}` } })).text();
      baseline.push(performance.now() - t);
    }
    baseline.sort((a, b) => a - b);

    // 200 students, each with 10 h, booking one of 20 slots of instructor 0 in the week after, all at once.
    const target = instructors[0]!;
    const later = addDays(monday, 7);
    const slots = Array.from({ length: SLOTS }, (_, s) => {
      const start = localToUtc(addDays(later, Math.floor(s / 10)), (8 + (s % 10)) * 60, TZ);
      return { start: new Date(start).toISOString(), end: new Date(start + 3_600_000).toISOString() };
    });
    const bookers = await addUsers("ROLE_ALUMNO", ATTEMPTS, 2000);
    await db.insert(instructorAssignments).values(bookers.map((b) => ({ tenantId, studentId: b.id, instructorId: target.id, licenseId: license!.id })));
    for (const b of bookers) {
      await db.transaction((tx) => changeBalance(tx, { tenantId, studentId: b.id, mode: "time", amount: 36000, operation: "top-up", description: "recarga_admin" }));
    }
    const t0 = performance.now();
    const outcomes = await Promise.all(
      bookers.map(async (b, i) => {
        const res = await app.request("/api/student/reservations", {
          method: "POST",
          headers: { "x-tenant-host": host, authorization: `Bearer ${b.token}`, "content-type": "application/json" },
          body: JSON.stringify({ instructorId: target.id, licenseId: license!.id, slots: [slots[i % SLOTS]] }),
        });
        const body = (await res.json()) as { error?: string };
        return res.status === 201 ? "success" : res.status === 409 && body.error === "SLOTS_UNAVAILABLE" ? "conflict" : `error ${res.status} ${body.error}`;
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    const count = (k: string) => outcomes.filter((o) => o === k).length;
    const errors = outcomes.filter((o) => o.startsWith("error"));
    const booked = await db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.instructorId, target.id), gte(reservations.startAt, new Date(slots[0]!.start))));
    const distinct = new Set(booked.map((b) => b.id)).size;

    // Throughput: every student books a distinct free hour of instructors 1–9 in the two weeks after next.
    const freeSlots: { instructor: { id: string }; slot: { start: string; end: string } }[] = [];
    for (let day = 0; freeSlots.length < THROUGHPUT_BOOKINGS; day++) {
      for (let hour = 8; hour < 20; hour++) {
        for (let i = 1; i < INSTRUCTORS; i++) {
          const start = localToUtc(addDays(monday, 14 + day), hour * 60, TZ);
          freeSlots.push({ instructor: instructors[i]!, slot: { start: new Date(start).toISOString(), end: new Date(start + 3_600_000).toISOString() } });
        }
      }
    }
    const students = await addUsers("ROLE_ALUMNO", THROUGHPUT_BOOKINGS, 10_000);
    await db.insert(instructorAssignments).values(students.map((st, i) => ({ tenantId, studentId: st.id, instructorId: freeSlots[i]!.instructor.id, licenseId: license!.id })));
    for (const st of students) {
      await db.transaction((tx) => changeBalance(tx, { tenantId, studentId: st.id, mode: "time", amount: 36000, operation: "top-up", description: "recarga_admin" }));
    }
    let nextBooking = 0;
    const throughputOutcomes: number[] = [];
    const throughputErrors = new Map<string, number>();
    // Open every pool connection first so their backends exist when counting starts.
    await Promise.all(Array.from({ length: Number(process.env.PG_POOL_MAX ?? 10) }, () => db.execute(sql`SELECT pg_sleep(0.05)`)));
    const pg0 = await backendCpu(db);
    const profiler = await startProfile();
    const throughputCpu = process.cpuUsage();
    const throughputStart = performance.now();
    await Promise.all(
      Array.from({ length: THROUGHPUT_CONCURRENCY }, async () => {
        for (let i = nextBooking++; i < THROUGHPUT_BOOKINGS; i = nextBooking++) {
          const res = await app.request("/api/student/reservations", {
            method: "POST",
            headers: { "x-tenant-host": host, authorization: `Bearer ${students[i]!.token}`, "content-type": "application/json" },
            body: JSON.stringify({ instructorId: freeSlots[i]!.instructor.id, licenseId: license!.id, slots: [freeSlots[i]!.slot] }),
          });
          const text = await res.text();
          throughputOutcomes.push(res.status);
          if (res.status !== 201) throughputErrors.set(text, (throughputErrors.get(text) ?? 0) + 1);
        }
      }),
    );
    const throughputSeconds = (performance.now() - throughputStart) / 1000;
    const cpu = process.cpuUsage(throughputCpu);
    await stopProfile(profiler);
    const pg1 = await backendCpu(db);
    const pgCpu = { user: 0, system: 0 };
    for (const [pid, now] of pg1) {
      pgCpu.user += now.user - (pg0.get(pid)?.user ?? 0);
      pgCpu.system += now.system - (pg0.get(pid)?.system ?? 0);
    }
    const pgCpuSeconds = pgCpu.user + pgCpu.system;
    const appCpuSeconds = (cpu.user + cpu.system) / 1e6;
    const throughputBooked = throughputOutcomes.filter((st) => st === 201).length;

    console.log(`# Booking bench (${new Date().toISOString()}, PostgreSQL, pool ${process.env.PG_POOL_MAX ?? 10})`);
    console.log(`calendar: ${CALENDAR_REQUESTS} requests, week with ${INSTRUCTORS} instructors and ${RESERVATIONS} reservations, ${events} events per answer`);
    console.log(`calendar latency: ${latencySummary(latencies)}`);
    console.log(`baseline GET /api/config: ${latencySummary(baseline, [50, 95], false)}`);
    console.log(`booking: ${ATTEMPTS} simultaneous attempts over ${SLOTS} slots in ${elapsed.toFixed(2)} s (${(ATTEMPTS / elapsed).toFixed(0)} attempts/s)`);
    console.log(`booking: ${count("success")} successes, ${count("conflict")} conflicts, ${errors.length} errors, ${distinct} reservations in the database`);
    if (errors.length) console.log(`errors: ${[...new Set(errors)].join(", ")}`);
    const bookingsPerSecond = throughputBooked / throughputSeconds;
    console.log(`throughput: ${throughputBooked} of ${THROUGHPUT_BOOKINGS} bookings succeeded in ${throughputSeconds.toFixed(2)} s with ${THROUGHPUT_CONCURRENCY} in flight: ${bookingsPerSecond.toFixed(0)} bookings/s`);
    for (const [body, n] of throughputErrors) console.log(`throughput: ${n} answered ${body}`);
    const perBooking = (seconds: number) => `${((100 * seconds) / throughputSeconds).toFixed(0)} % of one core, ${((1000 * seconds) / THROUGHPUT_BOOKINGS).toFixed(1)} ms per booking`;
    const kernel = (system: number, total: number) => `${((100 * system) / total).toFixed(0)} % in the kernel`;
    console.log(`throughput: app process CPU ${appCpuSeconds.toFixed(1)} s (${perBooking(appCpuSeconds)}; ${kernel(cpu.system / 1e6, appCpuSeconds)})`);
    console.log(`throughput: PostgreSQL backends CPU ${pgCpuSeconds.toFixed(1)} s (${perBooking(pgCpuSeconds)}; ${kernel(pgCpu.system, pgCpuSeconds)})`);
    console.log(`machine load average (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}`);
    const checks = [
      ["calendar p95 <= 20 ms", percentile(latencies, 95) <= 20],
      ["zero errors, exactly one winner per slot", errors.length === 0 && count("success") === SLOTS && distinct === SLOTS],
      [">= 300 bookings/s, every one booked", bookingsPerSecond >= 300 && throughputBooked === THROUGHPUT_BOOKINGS],
    ] as const;
    for (const [name, met] of checks) console.log(`${met ? "met   " : "MISSED"} ${name}`);
    const ok = checks.every(([, met]) => met);
    process.exitCode = ok ? 0 : 1;
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
