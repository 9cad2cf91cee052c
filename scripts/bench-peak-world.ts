import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { sealSession, SESSION_COOKIE } from "../lib/session/cookies";
import { signToken } from "../lib/session/token";
import { addDays, isoWeekday, localDate, localToUtc } from "../lib/time/zoned-time";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Db } from "../server/db/client";
import * as schema from "../server/db/schema";
import { tenants, users } from "../server/db/schema/core";
import { availabilityRules, instructorAssignments, licenses } from "../server/db/schema/reservations";
import { changeBalance } from "../server/modules/balance/balance.service";

// The data of `npm run bench:peak` (scripts/bench-peak.ts): a PostgreSQL database of its own, created for the run and
// dropped afterwards, holding schools of SCHOOL_SIZE students each, as the capacity plan's schools (500 students).

export const TZ = "Europe/Madrid";
const SCHOOL_SIZE = 500;
// Ten instructors open 08:00–20:00 every day: 840 one-hour slots a week for a school's 500 students, 50 students
// per instructor competing for that instructor's 84 (so some pick a slot someone else has just taken, as at 20:00).
const INSTRUCTORS_PER_SCHOOL = 10;
const BALANCE_SECONDS = 10 * 3600;

export type PeakStudent = { id: string; instructorId: string; licenseId: string; host: string; token: string; cookie: string };

/** Monday 00:00 local of the week `offset` weeks from this one, and the Monday after, as ISO instants. */
export function week(offset: number, now = Date.now()): { start: string; end: string } {
  let monday = localDate(now, TZ);
  while (isoWeekday(monday) !== 1) monday = addDays(monday, -1);
  monday = addDays(monday, 7 * offset);
  return { start: new Date(localToUtc(monday, 0, TZ)).toISOString(), end: new Date(localToUtc(addDays(monday, 7), 0, TZ)).toISOString() };
}

/** A fresh database on the server of `serverUrl` (any database there: it is only used to create ours). */
export async function createDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `volante_peak_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The bench's own connection, without migrating: the instances migrate the empty database when they start (as two
 * replicas do), from their own build's migrations, which may be another tree's (PEAK_STANDALONE).
 */
export function connectPeakDatabase(url: string): { db: Db; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  return { db: drizzle(pool, { schema }), close: () => pool.end() };
}

async function inParallel<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    for (let i = next++; i < items.length; i = next++) await run(items[i]!);
  }));
}

/** `count` students in schools of 500 (each with its instructors, licence, assignments and 10 h of balance). */
export async function createStudents(db: Db, label: string, count: number): Promise<{ students: PeakStudent[]; tenantIds: string[] }> {
  const noIcons = { favicon96: "", favicon32: "", faviconIco: "", appleTouchIcon: "", webAppIcon192: "", webAppIcon512: "" };
  const students: PeakStudent[] = [];
  const tenantIds: string[] = [];
  for (let school = 0; school * SCHOOL_SIZE < count; school++) {
    const size = Math.min(SCHOOL_SIZE, count - school * SCHOOL_SIZE);
    const slug = `peak-${label}-${school}-${crypto.randomBytes(3).toString("hex")}`;
    const host = `${slug}.bench`;
    const [tenant] = await db.insert(tenants).values({ slug, name: `Autoescuela Pico ${school + 1}`, domains: [host], icons: noIcons }).returning();
    const tenantId = tenant!.id;
    tenantIds.push(tenantId);
    const [license] = await db.insert(licenses).values({ tenantId, code: "b", name: "B" }).returning();
    const person = (role: string, i: number) => ({ tenantId, username: `${role}-${i}`, firstName: `${role === "alumno" ? "Alumno" : "Profesor"} ${i}`, surname1: "Pico", roles: [role === "alumno" ? "ROLE_ALUMNO" : "ROLE_INSTRUCTOR"] });
    const instructors = await db.insert(users).values(Array.from({ length: INSTRUCTORS_PER_SCHOOL }, (_, i) => person("profesor", i))).returning({ id: users.id });
    await db.insert(availabilityRules).values(
      instructors.flatMap((ins) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ tenantId, instructorId: ins.id, weekday, startMinutes: 8 * 60, endMinutes: 20 * 60 }))),
    );
    const rows = await db.insert(users).values(Array.from({ length: size }, (_, i) => person("alumno", i))).returning({ id: users.id, firstName: users.firstName });
    await db.insert(instructorAssignments).values(rows.map((row, i) => ({ tenantId, studentId: row.id, instructorId: instructors[i % INSTRUCTORS_PER_SCHOOL]!.id, licenseId: license!.id })));
    await inParallel(rows, 8, (row) =>
      db.transaction((tx) => changeBalance(tx, { tenantId, studentId: row.id, mode: "time", amount: BALANCE_SECONDS, operation: "top-up", description: "recarga_admin" })).then(() => undefined),
    );
    for (const [i, row] of rows.entries()) {
      // Signed in already, as a student at 20:00 is: the session cookie the BFF's login would have set.
      const token = await signToken({ uuid: row.id, name: row.firstName, profileImage: null, roles: ["ROLE_ALUMNO"], tenant: slug }, 3 * 3600);
      const cookie = `${SESSION_COOKIE}=${await sealSession({ token })}`;
      students.push({ id: row.id, instructorId: instructors[i % INSTRUCTORS_PER_SCHOOL]!.id, licenseId: license!.id, host, token, cookie });
    }
  }
  return { students, tenantIds };
}

export type PeakChecks = { active: number; instructorOverlaps: number; studentOverlaps: number; ledgerProblems: number };

/**
 * What the database holds afterwards, in the given schools: the active reservations, pairs of them that overlap for
 * one instructor or one student (double bookings), and balances that differ from the sum of their movements.
 */
export async function checkDatabase(db: Db, tenantIds: string[]): Promise<PeakChecks> {
  const ids = sql.join(tenantIds.map((id) => sql`${id}::uuid`), sql`, `);
  const overlaps = (column: "instructor_id" | "student_id") => sql`
    select count(*)::int as n from reservations a join reservations b
      on a.${sql.raw(column)} = b.${sql.raw(column)} and a.id < b.id and a.start_at < b.end_at and b.start_at < a.end_at
    where a.tenant_id in (${ids}) and a.status in ('requested', 'confirmed') and b.status in ('requested', 'confirmed')`;
  const count = async (query: ReturnType<typeof sql>) => ((await db.execute(query)).rows[0] as { n: number }).n;
  const active = await count(sql`select count(*)::int as n from reservations where tenant_id in (${ids}) and status in ('requested', 'confirmed')`);
  const ledgerProblems = await count(sql`
    select count(*)::int as n from balances b
    left join (
      select student_id, sum(case when operation = 'top-up' then amount else -amount end) as seconds
      from balance_movements where type = 'time' group by student_id
    ) m on m.student_id = b.student_id
    where b.tenant_id in (${ids}) and (b.seconds <> coalesce(m.seconds, 0) or b.seconds < 0)`);
  return { active, instructorOverlaps: await count(overlaps("instructor_id")), studentOverlaps: await count(overlaps("student_id")), ledgerProblems };
}
