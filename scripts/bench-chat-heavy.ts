import crypto from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import { NEXT_CURSOR_HEADER } from "../lib/contract/constants/paging";
import { TENANT_HOST_HEADER } from "../lib/tenant/host";
import { createApp } from "../server/app";
import { instructorAssignments, licenses } from "../server/db/schema/reservations";
import { insertConversation } from "../server/modules/messaging/messaging.repository";
import { withBenchSchool, type BenchUser } from "./bench-school";
import { latencySummary, percentile } from "./bench-stats";

// `npm run bench:chat -- heavy`: one conversation made as heavy as the flood guard lets a student make it over days
// (10,000 messages of 4,000 characters, written straight in SQL), on PostgreSQL in a fresh database created here and
// dropped afterwards (DATABASE_URL names the server, default postgres://postgres@127.0.0.1:5432/test). Measures the
// chat's poll of it (the newest page, and `after` the last message), its 304 path, and what other people's chat
// reads cost while 8 readers hammer the heavy conversation (older pages of 100, no ETag) against an idle run.
// HEAVY_MESSAGES, HEAVY_SECONDS and HEAVY_SAMPLES change the sizes.
const BASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const MESSAGES = Number(process.env.HEAVY_MESSAGES ?? 10_000);
const SECONDS = Number(process.env.HEAVY_SECONDS ?? 10);
const SAMPLES = Number(process.env.HEAVY_SAMPLES ?? 300);
const HAMMERERS = 8;
const OTHERS = 20;

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function withFreshDatabase(run: (url: string) => Promise<void>) {
  const name = `volante_chat_heavy_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    await run(withDatabase(BASE_URL, name));
  } finally {
    // The bench's pool has ended; its backends may still be closing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export async function runHeavyChatBench() {
  process.env.LOG_LEVEL ??= "silent";
  await withFreshDatabase((url) =>
    withBenchSchool(url, "chat-heavy", async ({ db, tenantId, host, users }) => {
      const app = createApp({ db: async () => db });
      const [license] = await db.insert(licenses).values({ tenantId, code: "b", name: "B" }).returning();
      const [instructor] = await users("ROLE_INSTRUCTOR", 1, 0);
      const students = await users("ROLE_ALUMNO", OTHERS + 1, 1);
      await db.insert(instructorAssignments).values(students.map((s) => ({ tenantId, studentId: s.id, instructorId: instructor!.id, licenseId: license!.id })));
      const [flooder, ...others] = students as [BenchUser, ...BenchUser[]];
      const heavy = await insertConversation(db, tenantId, flooder.id, instructor!.id);

      console.log(`Seeding ${MESSAGES} messages of 4,000 characters in one conversation…`);
      let t = performance.now();
      // 125 md5 digests: 4,000 characters that do not compress to nothing, as real text would not.
      await db.execute(sql`
        INSERT INTO messages (tenant_id, conversation_id, author_id, body, created_at)
        SELECT ${tenantId}, ${heavy}, ${flooder.id}, (SELECT string_agg(md5(i::text || '-' || j::text), '') FROM generate_series(1, 125) AS j),
          now() - (${MESSAGES} - i) * interval '1 second'
        FROM generate_series(1, ${MESSAGES}) AS i`);
      await db.execute(sql`UPDATE conversations SET message_count = ${MESSAGES}, last_message_at = now() WHERE id = ${heavy}`);
      const otherConversations = await Promise.all(others.map((s) => insertConversation(db, tenantId, s.id, instructor!.id)));
      await db.execute(sql`
        INSERT INTO messages (tenant_id, conversation_id, author_id, body, created_at)
        SELECT ${tenantId}, c.id, c.user_low_id, 'Mensaje ' || i, now() - (20 - i) * interval '1 minute'
        FROM conversations c, generate_series(1, 10) AS i WHERE c.tenant_id = ${tenantId} AND c.id <> ${heavy}`);
      await db.execute(sql`ANALYZE messages`);
      const size = await db.execute(sql`SELECT pg_size_pretty(pg_total_relation_size('messages')) AS size`);
      console.log(`  seeded in ${((performance.now() - t) / 1000).toFixed(1)} s; messages table ${(size.rows[0] as { size: string }).size}`);

      const request = async (user: BenchUser, path: string, etag?: string) => {
        const headers: Record<string, string> = { [TENANT_HOST_HEADER]: host, authorization: `Bearer ${user.token}` };
        if (etag) headers["if-none-match"] = etag;
        const t0 = performance.now();
        const res = await app.request(`/api/messaging${path}`, { headers });
        const body = await res.arrayBuffer();
        return {
          ms: performance.now() - t0,
          status: res.status,
          bytes: body.byteLength,
          etag: res.headers.get("etag") ?? undefined,
          nextCursor: res.headers.get(NEXT_CURSOR_HEADER),
          body,
        };
      };
      const sample = async (label: string, path: string, withTag: boolean, status: number) => {
        const first = await request(flooder, path);
        // Warm-up (JIT, prepared statements, the pool's connections), not counted.
        for (let i = 0; i < 50; i++) await request(flooder, path, withTag ? first.etag : undefined);
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const res = await request(flooder, path, withTag ? first.etag : undefined);
          if (res.status !== status) throw new Error(`${label}: ${res.status}, expected ${status}`);
          times.push(res.ms);
        }
        times.sort((a, b) => a - b);
        console.log(`  ${label.padEnd(38)} ${latencySummary(times)}  (${status === 200 ? `${(first.bytes / 1024).toFixed(0)} kB` : "no body"})`);
        return percentile(times, 95);
      };

      const base = `/conversations/${heavy}/messages`;
      const newestBody = JSON.parse(Buffer.from((await request(flooder, base)).body).toString()) as { id: string }[];
      const lastId = newestBody.at(-1)!.id;
      console.log(`Polls of the heavy conversation (${SAMPLES} sequential requests each, in-process app + PostgreSQL):`);
      const results = {
        newest: await sample("newest page (50), 200", base, false, 200),
        after: await sample("after=<last id>, 200 (nothing newer)", `${base}?after=${lastId}`, false, 200),
        newest304: await sample("newest page, If-None-Match → 304", base, true, 304),
        after304: await sample("after=<last id>, If-None-Match → 304", `${base}?after=${lastId}`, true, 304),
      };

      // Other people's chat screens: their conversation list and their newest page, back to back, one loop each.
      const othersRead = async (until: number, times: number[]) => {
        await Promise.all(
          others.slice(0, 4).map(async (user, k) => {
            while (performance.now() < until) {
              times.push((await request(user, "/conversations")).ms);
              times.push((await request(user, `/conversations/${otherConversations[k]}/messages`)).ms);
            }
          }),
        );
      };
      // The flooder's friends: walk the heavy conversation's history in pages of 100, no ETag, as fast as answered.
      let hammered = 0;
      const hammer = async (until: number) =>
        Promise.all(
          Array.from({ length: HAMMERERS }, async () => {
            let cursor: string | null = null;
            while (performance.now() < until) {
              const res = await request(flooder, `${base}?limit=100${cursor ? `&before=${cursor}` : ""}`);
              hammered += res.bytes;
              cursor = res.nextCursor;
            }
          }),
        );
      console.log(`Other users' reads (4 screens reading their list and messages back to back, ${SECONDS} s each run):`);
      const idle: number[] = [];
      t = performance.now();
      await othersRead(t + SECONDS * 1000, idle);
      const loaded: number[] = [];
      t = performance.now();
      await Promise.all([othersRead(t + SECONDS * 1000, loaded), hammer(t + SECONDS * 1000)]);
      idle.sort((a, b) => a - b);
      loaded.sort((a, b) => a - b);
      console.log(`  idle                                   ${latencySummary(idle)} (${idle.length} reads)`);
      console.log(`  with ${HAMMERERS} readers hammering the heavy one ${latencySummary(loaded)} (${loaded.length} reads; they read ${(hammered / 1024 / 1024).toFixed(0)} MB)`);
      const ratio = (p: number) => (percentile(loaded, p) / percentile(idle, p)).toFixed(1);
      console.log(`  ratio loaded / idle: p50 ×${ratio(50)}, p95 ×${ratio(95)}`);
      const verdict = (name: string, value: number, target: number) => `${name} p95 ${value.toFixed(1)} ms (target ≤ ${target} ms: ${value <= target ? "met" : "MISSED"})`;
      console.log(
        [
          verdict("newest page", results.newest, 20),
          verdict("after", results.after, 20),
          verdict("304 newest", results.newest304, 5),
          verdict("304 after", results.after304, 5),
        ].join("; "),
      );
    }),
  );
}
