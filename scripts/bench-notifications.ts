import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { INTERNAL_SECRET_HEADER, TENANT_HOST_HEADER } from "../lib/tenant/host";
import type { Db } from "../server/db/client";
import { users } from "../server/db/schema/core";
import { jobs, notificationDeliveries, notificationPreferences, notifications, pushSubscriptions } from "../server/db/schema/notifications";
import { instructorAssignments, licenses, reservations } from "../server/db/schema/reservations";
import { upsertSettings } from "../server/modules/config/config.repository";
import { REMINDER_JOB, scheduleReminders } from "../server/notifications/reminders";
import { startApiProcess, type ApiProcess } from "../tests/fixtures/api-process";
import { createBrowserSubscription, startPushService } from "../tests/support/push-service";
import { startSmtpSink } from "../tests/support/smtp-sink";
import { withBenchSchool } from "./bench-school";
import { latencySummary, percentile } from "./bench-stats";
import { startLoad, type Sample } from "./bench-open-loop";
import { childrenOf, cpuSeconds, cpuShare, loadAverage, lowestPriority, machineCpu, schedulingOf } from "../tests/support/processes";

// `npm run bench:notifications` (issue 29): 10,000 lesson reminders due in the same minute, delivered by ONE API
// instance (`node --import tsx server/main.ts` as production runs it on PostgreSQL: it forks its notification worker
// process at the lowest CPU priority, server/worker-process.cjs, default knobs) on PostgreSQL to this machine's
// SMTP server (smtp-server + mailparser, tests/support/smtp-sink.ts) and RFC 8030/8291 push service
// (tests/support/push-service.ts: checks the VAPID JWT and decrypts every payload), while the same API serves the usual
// mixed read load (the screens' polls and lists). Goals: every mail and push within 60 s of the moment they fell due;
// the load's p95 during the delivery at most 20 % above its p95 just before, in the same run.
//
// Database: BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a school of its
// own, deleted afterwards (scripts/bench-school.ts). Each of the 10,000 students has an address, one device and one
// confirmed lesson two hours after the due moment (the school's reminder setting is "2"); the reminders are scheduled
// as the confirmation schedules them (scheduleReminders), with their moment a few minutes ahead, and at the due moment
// one UPDATE makes them all due at once (what 10,000 lessons starting at the same hour produce).
//
// The load runs in a child process of its own (an open loop: LOAD_RATE requests a second, whatever the answers do), so
// the mail parsing and decryption of the receiving services (in this process) does not delay its clock. Phases:
// warm-up, baseline (BASELINE_SECONDS), the reminders fall due and are delivered (the window ends with the last
// arrival), then AFTER_SECONDS more of load alone (to show how much the machine itself drifted during the run).
//
// This process's SMTP server and push service stand for services on other hosts: they run at the idle CPU policy
// (SCHED_IDLE, or niceness 19 without chrt), so they take only what the instance leaves. The database's backends keep
// their priority: the database is shared.
// BENCH_WORKER=in-process: the worker in the API's own process instead (NOTIFICATION_WORKER=on, the embedded database's
// only way, and what the first measurements ran), with its default rounds of 20 unless NOTIFICATION_BATCH says.

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REMINDERS = Number(process.env.REMINDERS ?? 10_000);
const LOAD_RATE = Number(process.env.LOAD_RATE ?? 40);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 10);
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 60);
const AFTER_SECONDS = Number(process.env.AFTER_SECONDS ?? 30);
const DELIVERY_GOAL_S = 60;
const DELIVERY_CAP_S = Number(process.env.DELIVERY_CAP_SECONDS ?? 600);
const P95_RISE_GOAL = 0.2;
const SAMPLE = 50;
const IN_PROCESS = process.env.BENCH_WORKER === "in-process";
const SECRET = "bench-notifications-internal-secret-0123456789";
process.env.DATA_DIR ??= path.join(process.cwd(), ".data", "bench-notifications");
process.env.LOG_LEVEL ??= "warn";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const chunks = <T>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

function windowOf(samples: Sample[], from: number, to: number) {
  const inside = samples.filter(([at]) => at >= from && at < to);
  const latencies = inside.map(([, ms]) => ms).filter(Number.isFinite).sort((a, b) => a - b);
  const errors = inside.filter(([, , status]) => status !== 200 && status !== 304).length;
  return { count: inside.length, errors, latencies, p95: percentile(latencies, 95) };
}

const APP_NAME = "volante-bench-notifications-api";

/** The PostgreSQL backends serving the API process (found by its application_name), CPU seconds by pid. */
async function backendCpu(db: Db, seen: Map<number, number>): Promise<void> {
  const result = await db.execute(sql`select pid from pg_stat_activity where application_name = ${APP_NAME}`);
  for (const { pid } of result.rows as { pid: number }[]) {
    const cpu = cpuSeconds(Number(pid));
    if (cpu > 0) seen.set(Number(pid), Math.max(seen.get(Number(pid)) ?? 0, cpu));
  }
}
const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);

async function main() {
  console.log(`# bench:notifications on ${DATABASE_URL.replace(/\/\/[^@]*@/, "//…@")}: ${REMINDERS} reminders, load ${LOAD_RATE} requests/s; ${loadAverage()}`);
  // The SMTP server parses one mail in 50 and the push service decrypts one push in 50 (checked below); the others are
  // counted by their envelope, or checked up to their headers and VAPID JWT. They stand for other hosts, and parsing
  // and decrypting all 20,000 here took as much CPU as the worker itself.
  const [sink, pushService] = await Promise.all([startSmtpSink({ parseEvery: SAMPLE }), startPushService({ decryptEvery: SAMPLE })]);
  let api: ApiProcess | null = null;
  let load: ReturnType<typeof startLoad> | null = null;
  try {
    await withBenchSchool(DATABASE_URL, "notifications", async (school) => {
      try {
        await measure(school);
      } finally {
        // Before the school is deleted: a worker still writing its notifications would wait on the deletion's locks.
        await stopAll();
      }
    });
  } finally {
    await stopAll();
    await Promise.all([sink.stop(), pushService.stop()]);
  }

  async function stopAll() {
    if (load) await (load as ReturnType<typeof startLoad>).stop().catch(() => undefined);
    load = null;
    if (api) await (api as ApiProcess).stop();
    api = null;
  }

  async function measure({ db, tenantId, host, user }: Parameters<Parameters<typeof withBenchSchool>[2]>[0]) {
      const setupStart = performance.now();
      await upsertSettings(db, tenantId, { lesson_reminder_hours: "2", instructor_agenda_time: "" });
      const [license] = await db.insert(licenses).values({ tenantId, code: "b", name: "B" }).returning();

      // 10,000 students and as many instructors (two lessons of one instructor cannot share an hour), by bulk insert.
      const people = async (role: string, prefix: string) => {
        const ids: string[] = [];
        for (const part of chunks(Array.from({ length: REMINDERS }, (_, i) => i), 1000)) {
          const rows = await db
            .insert(users)
            .values(part.map((i) => ({ tenantId, username: `${prefix}-${i}`, firstName: `${prefix} ${i}`, surname1: "Bench", roles: [role], email: role === "ROLE_ALUMNO" ? `${prefix}${i}@bench.example` : null })))
            .returning({ id: users.id });
          ids.push(...rows.map((r) => r.id));
        }
        return ids;
      };
      const students = await people("ROLE_ALUMNO", "alumno");
      const instructors = await people("ROLE_INSTRUCTOR", "profesor");
      for (const part of chunks(students, 1000)) {
        await db.insert(pushSubscriptions).values(
          part.map((userId) => {
            const sub = createBrowserSubscription(pushService);
            return { tenantId, userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
          }),
        );
        // Quiet hours off: the bench may run at night in Madrid.
        await db.insert(notificationPreferences).values(part.map((userId) => ({ tenantId, userId, category: "quiet_hours", channel: "push" as const, enabled: false })));
      }

      // The load's users: students with an instructor assignment, and an instructor.
      const loadStudents = await Promise.all(Array.from({ length: 20 }, (_, i) => user("ROLE_ALUMNO", 100_000 + i)));
      const loadInstructor = await user("ROLE_INSTRUCTOR", 100_000);
      await db.insert(instructorAssignments).values(loadStudents.map((s) => ({ tenantId, studentId: s.id, instructorId: loadInstructor.id, licenseId: license!.id })));
      const weekStart = new Date(Date.now() + 7 * 86_400_000);
      const week = new URLSearchParams({ instructor: loadInstructor.id, start: weekStart.toISOString(), end: new Date(weekStart.getTime() + 7 * 86_400_000).toISOString() });
      const calls = loadStudents.flatMap((s) => [
        { path: "/notifications/unread-count", token: s.token },
        { path: "/config", token: s.token },
        { path: "/messaging/conversations/unread-count", token: s.token },
        { path: "/student/reservations?scope=upcoming", token: s.token },
        { path: `/student/reservations/calendar?${week}`, token: s.token },
        { path: "/notifications", token: s.token },
        { path: "/instructor/reservations?scope=upcoming", token: loadInstructor.token },
      ]);

      // One lesson each, confirmed, two hours after a moment 15 minutes ahead; reminders scheduled as a confirmation
      // schedules them (due in 15 minutes, moved to "now" at the due moment below).
      const lessonStart = Math.ceil((Date.now() + 2 * 3_600_000 + 15 * 60_000) / 3_600_000) * 3_600_000;
      const lessonIds: { id: string; startAt: Date }[] = [];
      for (const part of chunks(students.map((s, i) => [s, instructors[i]!] as const), 1000)) {
        const rows = await db
          .insert(reservations)
          .values(
            part.map(([studentId, instructorId]) => ({
              tenantId,
              studentId,
              instructorId,
              licenseId: license!.id,
              startAt: new Date(lessonStart),
              endAt: new Date(lessonStart + 3_600_000),
              status: "confirmed" as const,
              chargeMode: "time" as const,
              chargeAmount: 0,
            })),
          )
          .returning({ id: reservations.id, startAt: reservations.startAt });
        lessonIds.push(...rows);
      }
      for (const part of chunks(lessonIds, 1000)) await db.transaction((tx) => scheduleReminders(tx, tenantId, part, new Date()));
      await db.execute(sql`VACUUM (ANALYZE) jobs, users, reservations, push_subscriptions, notification_preferences`);
      console.log(`# set up ${REMINDERS} students, instructors, lessons and reminders in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

      // One API instance with its worker, as production runs it (default poll, batch and pool).
      const apiDatabaseUrl = `${DATABASE_URL}${DATABASE_URL.includes("?") ? "&" : "?"}application_name=${APP_NAME}`;
      const apiEnv = { DATABASE_URL: apiDatabaseUrl, INTERNAL_API_SECRET: SECRET, SMTP_URL: sink.url };
      api = await startApiProcess({ ...apiEnv, NOTIFICATION_WORKER: IN_PROCESS ? "on" : "process" });
      const apiPid = api.child.pid!;
      const workerPid = IN_PROCESS ? undefined : childrenOf(apiPid)[0];
      if (!IN_PROCESS && !workerPid) throw new Error("the API process started no worker process");
      console.log(
        workerPid
          ? `# the instance's worker process: pid ${workerPid}, ${schedulingOf(workerPid)}; the API process serves the load`
          : `# the worker in the API's own process (BENCH_WORKER=in-process)`,
      );
      // The CPU of the process(es) that run the API and the worker.
      const appCpu = () => cpuSeconds(apiPid) + (workerPid ? cpuSeconds(workerPid) : 0);
      const check = await fetch(`${api.url}/notifications/unread-count`, { headers: { authorization: `Bearer ${loadStudents[0]!.token}`, [TENANT_HOST_HEADER]: host, [INTERNAL_SECRET_HEADER]: SECRET } });
      if (check.status !== 200) throw new Error(`the API answered ${check.status} to the load's first call`);
      for (const c of calls.slice(0, 7)) {
        const res = await fetch(`${api.url}${c.path}`, { headers: { authorization: `Bearer ${c.token}`, [TENANT_HOST_HEADER]: host, [INTERNAL_SECRET_HEADER]: SECRET } });
        if (res.status !== 200) throw new Error(`GET ${c.path} answered ${res.status}: ${await res.text()}`);
      }

      load = startLoad({ url: api.url, host, secret: SECRET, rate: LOAD_RATE, calls });
      // The receiving services (this process) after the load's child has started at normal priority.
      console.log(`# this process (SMTP server, push service): ${lowestPriority(process.pid)}`);
      await sleep(WARMUP_SECONDS * 1000);
      const baselineStart = Date.now();
      const cpuAtBaseline = machineCpu();
      console.log(`# baseline: ${BASELINE_SECONDS} s of load alone; ${loadAverage()}`);
      // The API's CPU for the load alone, to tell the worker's share apart below.
      const baselineBackends = new Map<number, number>();
      await backendCpu(db, baselineBackends);
      const baselineApiCpu = appCpu();
      await sleep(BASELINE_SECONDS * 1000);
      const loadApiCpuPerSecond = (appCpu() - baselineApiCpu) / ((Date.now() - baselineStart) / 1000);
      const baselineBackendsAfter = new Map(baselineBackends);
      await backendCpu(db, baselineBackendsAfter);
      const loadDbCpuPerSecond = (sum(baselineBackendsAfter) - sum(baselineBackends)) / ((Date.now() - baselineStart) / 1000);

      // The due moment. CPU from here: the API process, its database backends, and this process (the SMTP server and
      // the push service, which run elsewhere in production).
      const backendsBefore = new Map<number, number>();
      await backendCpu(db, backendsBefore);
      const apiCpuBefore = appCpu();
      const ownCpuBefore = process.cpuUsage();
      const backendsDuring = new Map<number, number>(backendsBefore);
      let mails = 0;
      let pushes = 0;
      const mailTo = new Set<string>();
      const pushTo = new Set<string>();
      const due = await db.execute(sql`update ${jobs} set run_at = now() where tenant_id = ${tenantId} and kind = ${REMINDER_JOB} and done_at is null returning (extract(epoch from now()) * 1000)::float8 as at`);
      const dueAt = Number((due.rows[0] as { at: number }).at);
      const dueCount = due.rows.length;
      console.log(`# ${dueCount} reminders due at ${new Date(dueAt).toISOString()}; ${loadAverage()}`);
      let lastMailAt = 0;
      const sampled: typeof sink.messages = [];
      const decrypted: typeof pushService.received = [];
      const cpuAtDue = machineCpu();
      let lastPushAt = 0;
      const deadline = Date.now() + DELIVERY_CAP_S * 1000;
      const progress: string[] = [];
      let nextReport = dueAt + 10_000;
      while (Date.now() < deadline && (mails < REMINDERS || pushes < REMINDERS)) {
        await sleep(100);
        const newMails = sink.messages.splice(0);
        const newPushes = pushService.received.splice(0);
        if (newMails.length) lastMailAt = Date.now();
        if (newPushes.length) lastPushAt = Math.max(...newPushes.map((p) => p.receivedAt.getTime()));
        mails += newMails.length;
        pushes += newPushes.length;
        for (const m of newMails) mailTo.add(m.to[0] ?? "");
        sampled.push(...newMails.filter((m) => m.parsed));
        for (const p of newPushes) pushTo.add(p.endpoint);
        decrypted.push(...newPushes.filter((p) => p.payload !== null));
        if (Date.now() % 1000 < 100) await backendCpu(db, backendsDuring);
        if (Date.now() >= nextReport) {
          progress.push(`${Math.round((Date.now() - dueAt) / 1000)} s: ${mails} mails, ${pushes} pushes`);
          nextReport += 10_000;
        }
      }
      // The window ends with the last arrival, or at the cap when not everything arrived.
      const doneAt = mails >= REMINDERS && pushes >= REMINDERS ? Math.max(lastMailAt, lastPushAt) : Date.now();
      const cpuAtDone = machineCpu();
      await backendCpu(db, backendsDuring);
      const apiCpu = appCpu() - apiCpuBefore;
      const own = process.cpuUsage(ownCpuBefore);
      const ownCpu = (own.user + own.system) / 1e6;
      const dbCpu = sum(backendsDuring) - sum(backendsBefore);
      console.log(`# progress: ${progress.join("; ")}`);
      await sleep(AFTER_SECONDS * 1000);
      const samples = await load.stop();
      load = null;
      // Anything that arrived late is a duplicate or a straggler: counted too.
      const late = { mails: sink.messages.splice(0), pushes: pushService.received.splice(0) };
      mails += late.mails.length;
      pushes += late.pushes.length;
      for (const m of late.mails) mailTo.add(m.to[0] ?? "");
      sampled.push(...late.mails.filter((m) => m.parsed));
      for (const p of late.pushes) pushTo.add(p.endpoint);
      decrypted.push(...late.pushes.filter((p) => p.payload !== null));

      const deliveries = await db.execute(sql`
        select d.channel, d.status, count(*)::int as n, max(d.attempts)::int as max_attempts
        from ${notificationDeliveries} d join ${notifications} n on n.id = d.notification_id
        where n.tenant_id = ${tenantId} group by 1, 2 order by 1, 2`);
      const leftJobs = await db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(and(eq(jobs.tenantId, tenantId), sql`done_at is null and kind <> ${REMINDER_JOB}`));

      const baseline = windowOf(samples, baselineStart, dueAt);
      const during = windowOf(samples, dueAt, doneAt);
      const after = windowOf(samples, doneAt + 1000, doneAt + 1000 + AFTER_SECONDS * 1000);
      const seconds = (doneAt - dueAt) / 1000;
      const rise = during.p95 / baseline.p95 - 1;
      console.log(`\nDelivery: ${mails} e-mails (${mailTo.size} recipients) and ${pushes} pushes (${pushTo.size} devices) of ${REMINDERS} each;`);
      console.log(`  last mail ${((lastMailAt - dueAt) / 1000).toFixed(1)} s, last push ${((lastPushAt - dueAt) / 1000).toFixed(1)} s after the due moment`);
      console.log(`  deliveries: ${(deliveries.rows as { channel: string; status: string; n: number; max_attempts: number }[]).map((r) => `${r.channel} ${r.status} ${r.n} (attempts ≤ ${r.max_attempts})`).join(", ")}; delivery jobs not done: ${leftJobs[0]!.n}`);
      console.log(`  CPU from the due moment to the last arrival: API process ${apiCpu.toFixed(1)} s, its PostgreSQL backends ${dbCpu.toFixed(1)} s, SMTP server + push service ${ownCpu.toFixed(1)} s`);
      // Per reminder delivered (a mail and a push count half each), the load's own share (measured in the baseline)
      // taken out: the cost that sets the throughput of a quiet machine.
      const delivered = Math.max(1, (mails + pushes) / 2);
      const workerApiCpu = apiCpu - loadApiCpuPerSecond * seconds;
      const workerDbCpu = dbCpu - loadDbCpuPerSecond * seconds;
      console.log(`  the load alone used ${loadApiCpuPerSecond.toFixed(2)} s (API) and ${loadDbCpuPerSecond.toFixed(2)} s (database) of CPU a second`);
      console.log(`  the worker's CPU per reminder delivered on both channels: API ${((1000 * workerApiCpu) / delivered).toFixed(2)} ms, database ${((1000 * workerDbCpu) / delivered).toFixed(2)} ms`);
      console.log(`API load (${LOAD_RATE}/s, mixed reads):`);
      console.log(`  baseline ${((dueAt - baselineStart) / 1000).toFixed(0)} s: ${baseline.count} requests, ${baseline.errors} errors; ${latencySummary(baseline.latencies)}`);
      console.log(`  during delivery ${seconds.toFixed(0)} s: ${during.count} requests, ${during.errors} errors; ${latencySummary(during.latencies)}`);
      console.log(`  after ${AFTER_SECONDS} s: ${after.count} requests, ${after.errors} errors; ${latencySummary(after.latencies)}`);
      console.log(`Machine CPU (both cores): baseline ${cpuShare(cpuAtBaseline, cpuAtDue)}; delivery ${cpuShare(cpuAtDue, cpuAtDone)}`);
      // The sample of mails the SMTP server parsed: what a school's student would read.
      const wellFormed = sampled.filter(
        (m) => m.to[0] === m.envelope.to[0] && m.subject.length > 0 && m.text.length > 0 && m.html.length > 0 && Boolean(m.headers["list-unsubscribe"]) && m.from?.name,
      );
      console.log(`Mails parsed (1 in ${SAMPLE}): ${sampled.length}, well-formed ${wellFormed.length} (To = envelope, subject, text and HTML bodies, List-Unsubscribe, sender's name)`);
      const isPushPayload = (json: unknown) => {
        const p = json as Record<string, unknown> | null;
        return Boolean(p) && Object.keys(p!).sort().join() === "link,tag,title" && typeof p!.title === "string" && String(p!.link).startsWith("/");
      };
      const readable = decrypted.filter((p) => isPushPayload(p.json));
      console.log(`Pushes decrypted (1 in ${SAMPLE}): ${decrypted.length}, { title, link, tag } and nothing else: ${readable.length}`);
      console.log(`\n${loadAverage()}`);
      const checks: [string, boolean][] = [
        [`every reminder delivered once per channel (${mails} mails, ${pushes} pushes, ${REMINDERS} each)`, mails === REMINDERS && pushes === REMINDERS && mailTo.size === REMINDERS && pushTo.size === REMINDERS],
        [`within ${DELIVERY_GOAL_S} s (${seconds.toFixed(1)} s)`, seconds <= DELIVERY_GOAL_S],
        [`p95 rise ≤ ${P95_RISE_GOAL * 100} % (${(rise * 100).toFixed(1)} %: ${baseline.p95.toFixed(1)} → ${during.p95.toFixed(1)} ms)`, rise <= P95_RISE_GOAL],
        [`no load errors (${baseline.errors + during.errors + after.errors})`, baseline.errors + during.errors + after.errors === 0],
        [`every sampled mail well-formed (${wellFormed.length} of ${sampled.length})`, sampled.length >= Math.floor(REMINDERS / SAMPLE) && wellFormed.length === sampled.length],
        [`every sampled push decrypted to its payload (${readable.length} of ${decrypted.length})`, decrypted.length >= Math.floor(REMINDERS / SAMPLE) && readable.length === decrypted.length],
      ];
      for (const [name, ok] of checks) console.log(`${ok ? "ok  " : "FAIL"} ${name}`);
      process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
