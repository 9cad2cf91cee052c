import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { createApp } from "../server/app";
import { capAttendances, capCourses, capEnrollments, capSessions, sections } from "../server/db/schema/cap";
import { calendarFeedTokens, practices, schoolEvents } from "../server/db/schema/practices";
import { hashFeedToken } from "../server/modules/practices/calendar-feed.service";
import { licenses, reservations, vehicles } from "../server/db/schema/reservations";
import { addDays, localDate, localToUtc } from "../lib/time/zoned-time";
import { withBenchSchool } from "./bench-school";
import { latencySummary, percentile } from "./bench-stats";

// `npm run bench:calendar`: GET /api/student/calendar for a student with two years of history, on PostgreSQL
// (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), in its own tenant deleted afterwards. Calls the
// Hono app in process (app.request), as the BFF does. Also measured, for information: the practice history (every
// practice with its two signatures) and the iCal feed (a year back and a year ahead).

const URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TZ = "Europe/Madrid";
const WEEKS = 104; // two years back
const LESSONS_PER_WEEK = 3;
const FUTURE_WEEKS = 8;
const OTHER_STUDENTS = 40; // classmates, each with their own instructor and as many lessons
const CALENDAR_REQUESTS = 300;
const HISTORY_REQUESTS = 30;
const FEED_REQUESTS = 30;
process.env.DATA_DIR ??= path.join(process.cwd(), ".data", "bench");

// A signature of realistic size (~9 kB of PNG as base64); its bytes do not matter to the calendar.
const SIGNATURE = `data:image/png;base64,iVBORw0KGgo${crypto.randomBytes(6_700).toString("base64")}`;


type Lesson = typeof reservations.$inferInsert;

// `count` lessons a week for `weeks` weeks from `firstMonday`, Monday–Friday at 9:00–19:00 local, never overlapping.
function lessons(base: Omit<Lesson, "startAt" | "endAt" | "status" | "chargeMode" | "chargeAmount">, firstMonday: string, weeks: number, now: number, seed: number): Lesson[] {
  const out: Lesson[] = [];
  for (let w = 0; w < weeks; w++) {
    for (let k = 0; k < LESSONS_PER_WEEK; k++) {
      const day = addDays(firstMonday, w * 7 + ((k * 2 + seed) % 5));
      const start = localToUtc(day, (9 + ((w + k * 3 + seed) % 10)) * 60, TZ);
      const hours = (w + k) % 4 === 0 ? 2 : 1;
      const end = start + hours * 3_600_000;
      const roll = (w * 7 + k * 13 + seed) % 20;
      const status = end > now ? (roll < 6 ? "requested" : "confirmed") : roll === 0 ? "cancelled" : roll === 1 ? "denied" : "confirmed";
      out.push({ ...base, startAt: new Date(start), endAt: new Date(end), status, chargeMode: "time", chargeAmount: hours * 3600 });
    }
  }
  return out;
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

async function main() {
  await withBenchSchool(URL, "calendar", async ({ db, tenantId, host, user }) => {
    const app = createApp({ db: async () => db, logger: pino({ level: "warn" }) });
    const now = Date.now();
    const [license] = await db.insert(licenses).values({ tenantId, code: "b", name: "B" }).returning();
    const [vehicle] = await db.insert(vehicles).values({ tenantId, plate: "1234 BCH", licenseId: license!.id }).returning();
    let monday = localDate(now, TZ);
    while (new Date(`${monday}T12:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, -1);
    const firstMonday = addDays(monday, -WEEKS * 7);

    // The student of the bench and two instructors (weeks alternate), then the classmates.
    const student = await user("ROLE_ALUMNO", 0);
    const [ins0, ins1] = [await user("ROLE_INSTRUCTOR", 0), await user("ROLE_INSTRUCTOR", 1)];
    const own = lessons({ tenantId, studentId: student.id, instructorId: ins0.id, licenseId: license!.id }, firstMonday, WEEKS + FUTURE_WEEKS, now, 0).map(
      (l, i) => ({ ...l, instructorId: Math.floor(i / LESSONS_PER_WEEK) % 2 ? ins1.id : ins0.id }),
    );
    const all: Lesson[] = [...own];
    for (let s = 1; s <= OTHER_STUDENTS; s++) {
      const [mate, teacher] = [await user("ROLE_ALUMNO", s), await user("ROLE_INSTRUCTOR", 100 + s)];
      all.push(...lessons({ tenantId, studentId: mate.id, instructorId: teacher.id, licenseId: license!.id }, firstMonday, WEEKS + FUTURE_WEEKS, now, s));
    }
    const inserted: { id: string; studentId: string; instructorId: string; startAt: Date; endAt: Date; status: string }[] = [];
    await insertInChunks(all, async (chunk) => inserted.push(...(await db.insert(reservations).values(chunk).returning())));

    // Every past confirmed lesson was finished, with km and both signatures.
    const done = inserted.filter((r) => r.status === "confirmed" && r.endAt.getTime() < now);
    await insertInChunks(done, (chunk) =>
      db.insert(practices).values(
        chunk.map((r, i) => ({
          tenantId, reservationId: r.id, studentId: r.studentId, instructorId: r.instructorId, licenseId: license!.id, vehicleId: vehicle!.id,
          startAt: r.startAt, endAt: r.endAt, kmStart: 10_000 + i * 40, kmEnd: 10_030 + i * 40, observations: "Bien",
          studentSignature: SIGNATURE, instructorSignature: SIGNATURE,
        })),
      ),
    );
    // A CAP course with a session a week for the two years, and a school event every other week (half online).
    const [section] = await db.insert(sections).values({ tenantId, name: "Sede" }).returning();
    const [course] = await db
      .insert(capCourses)
      .values({ tenantId, sectionId: section!.id, name: "CAP Bench", code: "B/1", startDate: firstMonday, endDate: addDays(monday, FUTURE_WEEKS * 7) })
      .returning();
    await db.insert(capEnrollments).values({ tenantId, capCourseId: course!.id, studentId: student.id });
    const weekly = (w: number, hour: number, hours: number) => {
      const start = localToUtc(addDays(firstMonday, w * 7 + 5), hour * 60, TZ);
      return { startAt: new Date(start), endAt: new Date(start + hours * 3_600_000) };
    };
    const span = Array.from({ length: WEEKS + FUTURE_WEEKS }, (_, w) => w);
    const capSessionRows = await db
      .insert(capSessions)
      .values(span.map((w) => ({ tenantId, capCourseId: course!.id, sectionId: section!.id, code: "B/1", name: `Sesión ${w}`, ...weekly(w, 8, 4) })))
      .returning({ id: capSessions.id });
    // The calendar shows the sessions the student is in: one attendance row each, as creating a session makes them.
    await db.insert(capAttendances).values(capSessionRows.map((s) => ({ tenantId, capSessionId: s.id, studentId: student.id })));
    await db.insert(schoolEvents).values(
      span.filter((w) => w % 2 === 0).map((w) => ({ tenantId, title: `Evento ${w}`, url: w % 4 === 0 ? "https://example.org/online" : null, ...weekly(w, 18, 1) })),
    );
    const feedToken = crypto.randomBytes(32).toString("base64url");
    await db.insert(calendarFeedTokens).values({ tenantId, userId: student.id, tokenHash: hashFeedToken(feedToken) });
    await db.execute(sql`analyze`);

    // Month views (42 days from a Monday) and week views, anywhere in the two years and the weeks ahead.
    const headers = { "x-tenant-host": host, authorization: `Bearer ${student.token}` };
    const ranges = Array.from({ length: CALENDAR_REQUESTS }, (_, i) => {
      const start = addDays(firstMonday, ((i * 37) % (WEEKS + FUTURE_WEEKS - 6)) * 7);
      const days = i % 3 === 2 ? 7 : 42;
      return { start: new Date(localToUtc(start, 0, TZ)).toISOString(), end: new Date(localToUtc(addDays(start, days), 0, TZ)).toISOString() };
    });
    const calendar = (i: number) => app.request(`/api/student/calendar?${new URLSearchParams(ranges[i % ranges.length])}`, { headers });
    for (let i = 0; i < 30; i++) await (await calendar(i)).text();
    const latencies: number[] = [];
    let events = 0;
    for (let i = 0; i < CALENDAR_REQUESTS; i++) {
      const t0 = performance.now();
      const res = await calendar(i);
      const body = (await res.json()) as unknown[];
      latencies.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`calendar answered ${res.status}`);
      events += body.length;
    }
    latencies.sort((a, b) => a - b);

    const timed = async (n: number, call: () => Response | Promise<Response>) => {
      const out: number[] = [];
      let bytes = 0;
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const res = await call();
        const text = await res.text();
        out.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`answered ${res.status}`);
        bytes = text.length;
      }
      return { sorted: out.sort((a, b) => a - b), bytes };
    };
    const history = await timed(HISTORY_REQUESTS, () => app.request("/api/student/practices/history", { headers }));
    const feed = await timed(FEED_REQUESTS, () => app.request(`/api/calendar/feed.ics?token=${feedToken}`, { headers: { "x-tenant-host": host } }));

    const ownDone = done.filter((r) => r.studentId === student.id).length;
    console.log(`# Calendar bench (${new Date().toISOString()}, PostgreSQL, pool ${process.env.PG_POOL_MAX ?? 10}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")})`);
    console.log(
      `data: the student has ${own.length} reservations over ${WEEKS} weeks back and ${FUTURE_WEEKS} ahead (${ownDone} practices), ${span.length} CAP sessions, ` +
        `${Math.ceil(span.length / 2)} school events; the school ${inserted.length} reservations and ${done.length} practices`,
    );
    console.log(`calendar: ${CALENDAR_REQUESTS} requests (2/3 month views of 42 days, 1/3 weeks), ${(events / CALENDAR_REQUESTS).toFixed(1)} events per answer`);
    console.log(`calendar latency: ${latencySummary(latencies)}`);
    console.log(`history (${ownDone} practices with signatures, ${(history.bytes / 1024 / 1024).toFixed(1)} MB): ${latencySummary(history.sorted, [50, 95], false)}`);
    console.log(`iCal feed (${(feed.bytes / 1024).toFixed(0)} kB): ${latencySummary(feed.sorted, [50, 95], false)}`);
    const ok = percentile(latencies, 95) < 50;
    console.log(ok ? "target met: calendar p95 < 50 ms" : "TARGET MISSED: calendar p95 >= 50 ms");
    process.exitCode = ok ? 0 : 1;
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
