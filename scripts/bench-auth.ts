import http from "node:http";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { latencySummary, percentile } from "./bench-stats";
import { httpRequest, startBenchServer } from "./bench-server";

// `npm run bench:auth`: does anonymous password hashing slow down a signed-in user? (security round three, "sign-in")
// Starts the production server (scripts/bench-server.ts: build when stale, demo seed; PostgreSQL with
// BENCH_DATABASE_URL, else embedded PGlite; E2E_STANDALONE=0 for `next start`), then measures the demo student's
// GET /api/config, one request at a time as a person clicks, for SECONDS each:
//   1. idle;
//   2. while ATTACKERS anonymous clients POST /api/login with random usernames, back to back;
//   3. while ATTACKERS anonymous clients POST /api/auth/set-password with random tokens;
//   4. for comparison, while ATTACKERS clients GET /api/info back to back (no password work at all).
// and prints each p50 against idle (target ≤ 1.5×). The attackers come with no address the server believes (the
// default deployment, TRUSTED_PROXY unset): only the per-process bound on password hashes holds them. With
// TRUSTED_PROXY=1 in the environment they also send X-Forwarded-For (one address each), and the per-address limit
// answers them 429.
const PORT = Number(process.env.BENCH_PORT ?? 3992);
const SECONDS = Number(process.env.SECONDS ?? 15);
const ATTACKERS = Number(process.env.ATTACKERS ?? 16);
const DATA_DIR = path.join(process.cwd(), ".data", "bench-auth");
const origin = { origin: `http://localhost:${PORT}`, "content-type": "application/json" };

type Phase = { latencies: number[]; statuses: Map<number, number>; attacks: number };

async function user(cookie: string, until: number, latencies: number[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  while (Date.now() < until) {
    const started = performance.now();
    const { status } = await httpRequest(PORT, "GET", "/api/config", { cookie }, undefined, agent);
    if (status !== 200) throw new Error(`GET /api/config answered ${status}`);
    latencies.push(performance.now() - started);
  }
  agent.destroy();
}

type Kind = "idle" | "info" | "login" | "set-password";

async function attacker(i: number, kind: Exclude<Kind, "idle">, until: number, phase: Phase) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const forwarded: Record<string, string> = process.env.TRUSTED_PROXY ? { "x-forwarded-for": `198.51.100.${i + 1}` } : {};
  while (Date.now() < until) {
    const body =
      kind === "login"
        ? { username: `nadie-${randomBytes(6).toString("hex")}`, password: "contraseña-al-azar" }
        : { token: randomBytes(32).toString("base64url"), password: "UnaClaveLarga-2026" };
    const url = kind === "login" ? "/api/login" : "/api/auth/set-password";
    const { status } =
      kind === "info"
        ? await httpRequest(PORT, "GET", "/api/info", forwarded, undefined, agent)
        : await httpRequest(PORT, "POST", url, { ...origin, ...forwarded }, JSON.stringify(body), agent);
    phase.statuses.set(status, (phase.statuses.get(status) ?? 0) + 1);
    phase.attacks++;
  }
  agent.destroy();
}

async function measure(cookie: string, kind: Kind): Promise<Phase> {
  const phase: Phase = { latencies: [], statuses: new Map(), attacks: 0 };
  const until = Date.now() + SECONDS * 1000;
  const attackers = kind === "idle" ? [] : Array.from({ length: ATTACKERS }, (_, i) => attacker(i, kind, until, phase));
  // The attackers get a second's head start: the user is measured under the load, not while it builds up.
  if (attackers.length > 0) await new Promise((r) => setTimeout(r, 1000));
  await Promise.all([user(cookie, until, phase.latencies), ...attackers]);
  phase.latencies.sort((a, b) => a - b);
  return phase;
}

async function main() {
  const server = await startBenchServer(PORT, DATA_DIR);
  try {
    const cookie = await server.signIn("alumno", "alumno123");
    await measure(cookie, "idle"); // warm-up
    const idle = await measure(cookie, "idle");
    const login = await measure(cookie, "login");
    const setPassword = await measure(cookie, "set-password");
    const info = await measure(cookie, "info");
    const base = percentile(idle.latencies, 50);
    console.log(`\nSigned-in user's GET /api/config, one at a time, ${SECONDS} s per phase; ${ATTACKERS} anonymous clients${process.env.TRUSTED_PROXY ? " (addresses known: TRUSTED_PROXY)" : " (addresses unknown)"}:`);
    for (const [name, phase] of [["idle", idle], [`during ${ATTACKERS} logins`, login], [`during ${ATTACKERS} set-passwords`, setPassword], [`(during ${ATTACKERS} GET /api/info)`, info]] as const) {
      const p50 = percentile(phase.latencies, 50);
      const statuses = [...phase.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${n} × ${s}`).join(", ");
      const attacks = phase.attacks ? `; attackers: ${Math.round(phase.attacks / SECONDS)}/s (${statuses})` : "";
      console.log(`${name.padEnd(28)} ${latencySummary(phase.latencies)}; p50 ${(p50 / base).toFixed(2)}× idle${attacks}`);
    }
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
