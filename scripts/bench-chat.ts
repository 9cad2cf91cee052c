import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { TENANT_HOST_HEADER } from "../lib/tenant/host";
import { createApp } from "../server/app";
import type { Db } from "../server/db/client";
import { instructorAssignments, licenses } from "../server/db/schema/reservations";
import { messages } from "../server/db/schema/messaging";
import { insertConversation, insertMessage } from "../server/modules/messaging/messaging.repository";
import { runHeavyChatBench } from "./bench-chat-heavy";
import { withBenchSchool } from "./bench-school";
import { latencySummary } from "./bench-stats";

// `npm run bench:chat [clients] [seconds]` (or CLIENTS / SECONDS): N simulated chat screens polling at the spec's
// rates (conversations and the open conversation's messages every 5 s, the unread count every 10 s) against the
// in-process Hono app on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test_chat), each
// replaying If-None-Match as the browser's HTTP cache does. Every second one random client sends a message, so
// a few polls answer 200. Runs in its own tenant, deleted afterwards.
// `npm run bench:chat -- heavy` (or CHAT_BENCH=heavy) runs the heavy-conversation scenario instead (bench-chat-heavy.ts).
const IS_HEAVY = process.argv[2] === "heavy" || process.env.CHAT_BENCH === "heavy";
const APP_NAME = "volante-bench-chat";
const BASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test_chat";
const URL = `${BASE_URL}${BASE_URL.includes("?") ? "&" : "?"}application_name=${APP_NAME}`;
const CLIENTS = Number(process.argv[2] ?? process.env.CLIENTS ?? 1000);
const SECONDS = Number(process.argv[3] ?? process.env.SECONDS ?? 60);
const INSTRUCTORS = Math.max(1, Math.round(CLIENTS / 20));
process.env.LOG_LEVEL ??= "silent";
process.env.DATA_DIR ??= path.join(process.cwd(), ".data", "bench");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// CPU seconds (utime + stime from /proc) of the PostgreSQL backends serving this process's pool, found by their
// application_name: the database's share without counting other users of the same server.
async function backendCpu(db: Db): Promise<Map<number, number>> {
  const result = await db.execute(sql`SELECT pid FROM pg_stat_activity WHERE application_name = ${APP_NAME}`);
  const pids = (result.rows as { pid: number }[]).map((r) => Number(r.pid));
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // A backend on another machine, or one that just ended: not counted.
    }
  }
  return cpu;
}


async function main() {
  await withBenchSchool(URL, "chat", async ({ db, tenantId, host, users: addUsers }) => {
    const app = createApp({ db: async () => db });
    console.log(`Seeding ${CLIENTS} students, ${INSTRUCTORS} instructors, one conversation each with 10 messages…`);
    const [license] = await db.insert(licenses).values({ tenantId, code: "b", name: "B" }).returning();
    const instructors = await addUsers("ROLE_INSTRUCTOR", INSTRUCTORS, 0);
    const students = await addUsers("ROLE_ALUMNO", CLIENTS, 10_000);
    await db.insert(instructorAssignments).values(students.map((s, i) => ({ tenantId, studentId: s.id, instructorId: instructors[i % INSTRUCTORS]!.id, licenseId: license!.id })));
    const clients: { token: string; id: string; conversationId: string; partnerId: string; tags: Map<string, string> }[] = [];
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = students.slice(i, i + 50);
      await Promise.all(
        batch.map(async (student, k) => {
          const instructor = instructors[(i + k) % INSTRUCTORS]!;
          const conversationId = await insertConversation(db, tenantId, student.id, instructor.id);
          await db.insert(messages).values(
            Array.from({ length: 10 }, (_, m) => ({ tenantId, conversationId, authorId: m % 2 ? student.id : instructor.id, body: `Mensaje ${m} de la conversación ${i + k}`, createdAt: new Date(Date.now() - (10 - m) * 60_000) })),
          );
          clients.push({ ...student, conversationId, partnerId: instructor.id, tags: new Map() });
        }),
      );
    }

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let isRunning = true;
    const get = async (client: (typeof clients)[number], url: string) => {
      const headers: Record<string, string> = { [TENANT_HOST_HEADER]: host, authorization: `Bearer ${client.token}` };
      const tag = client.tags.get(url);
      if (tag) headers["if-none-match"] = tag;
      const t0 = performance.now();
      const res = await app.request(url, { headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const etag = res.headers.get("etag");
      if (etag) client.tags.set(url, etag);
    };
    // Each client starts at a random moment inside the first period, as real screens would.
    const loop = async (client: (typeof clients)[number], url: string, every: number) => {
      await sleep(Math.random() * every);
      while (isRunning) {
        const next = performance.now() + every;
        await get(client, url);
        await sleep(Math.max(0, next - performance.now()));
      }
    };
    const writer = async () => {
      while (isRunning) {
        await sleep(1000);
        const c = clients[Math.floor(Math.random() * clients.length)]!;
        await insertMessage(db, tenantId, c.conversationId, c.partnerId, c.id, "Nuevo mensaje");
      }
    };

    console.log(`Polling for ${SECONDS} s…`);
    const cpu0 = process.cpuUsage();
    // Open every pool connection first so their backends exist when counting starts.
    await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`SELECT pg_sleep(0.05)`)));
    const pg0 = await backendCpu(db);
    const t0 = performance.now();
    const tasks = clients.flatMap((c) => [
      loop(c, "/api/messaging/conversations", 5_000),
      loop(c, `/api/messaging/conversations/${c.conversationId}/messages`, 5_000),
      loop(c, "/api/messaging/conversations/unread-count", 10_000),
    ]);
    tasks.push(writer());
    await sleep(SECONDS * 1000);
    isRunning = false;
    await Promise.all(tasks);
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const appCpu = (cpu.user + cpu.system) / 1e6;
    const pg1 = await backendCpu(db);
    const pgCpu = [...pg1].reduce((sum, [pid, seconds]) => sum + seconds - (pg0.get(pid) ?? 0), 0);

    latencies.sort((a, b) => a - b);
    const total = latencies.length;
    const notModified = statuses.get(304) ?? 0;
    const lines = [
      `clients ${CLIENTS}, ${SECONDS} s, ${total} requests, ${(total / wall).toFixed(0)} req/s`,
      `status ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(", ")} (304 share of polled list+messages: ${((notModified / (total * 0.8)) * 100).toFixed(1)} %)`,
      `latency ${latencySummary(latencies)}`,
      `CPU: app process ${appCpu.toFixed(1)} s (${((appCpu / wall) * 100).toFixed(0)} % of one core; user ${(cpu.user / 1e6).toFixed(1)} s, kernel ${(cpu.system / 1e6).toFixed(1)} s; ${((appCpu * 1000) / total).toFixed(2)} ms per request), PostgreSQL ${pgCpu.toFixed(1)} s (${((pgCpu / wall) * 100).toFixed(0)} % of one core); database share ${((pgCpu / (appCpu + pgCpu)) * 100).toFixed(0)} %`,
    ];
    console.log(lines.join("\n"));
  });
}

(IS_HEAVY ? runHeavyChatBench() : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
