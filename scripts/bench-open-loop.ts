import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { INTERNAL_SECRET_HEADER, TENANT_HOST_HEADER } from "../lib/tenant/host";

// bench:notifications' load (scripts/bench-notifications.ts): a child process of its own (this file, run with
// BENCH_OPEN_LOOP set) sends GETs at a fixed rate, whatever the answers do, until the parent says stop, then sends back
// every sample [sent at (epoch ms), latency ms, status].

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type LoadConfig = { url: string; host: string; secret: string; rate: number; calls: { path: string; token: string }[] };
export type Sample = [number, number, number];

async function runLoad(config: LoadConfig): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const base = new URL(config.url);
  const samples: Sample[] = [];
  let stopped = false;
  let inFlight = 0;
  process.on("message", (message: { stop?: boolean }) => {
    if (message.stop) stopped = true;
  });
  const call = (n: number) => {
    const { path: p, token } = config.calls[n % config.calls.length]!;
    const sentAt = Date.now();
    const started = performance.now();
    inFlight += 1;
    const req = http.request(
      { agent, host: base.hostname, port: base.port, path: `${base.pathname}${p}`, method: "GET", headers: { authorization: `Bearer ${token}`, [TENANT_HOST_HEADER]: config.host, [INTERNAL_SECRET_HEADER]: config.secret } },
      (res) => {
        res.resume();
        res.on("end", () => {
          inFlight -= 1;
          samples.push([sentAt, performance.now() - started, res.statusCode ?? 0]);
        });
      },
    );
    req.on("error", () => {
      inFlight -= 1;
      samples.push([sentAt, performance.now() - started, 0]);
    });
    req.end();
  };
  const interval = 1000 / config.rate;
  const start = performance.now();
  for (let n = 0; !stopped; n++) {
    const due = start + n * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    call(n);
  }
  // An API that fell behind the open loop has a queue of calls: those still unanswered 15 s after the stop count as errors.
  const drainUntil = Date.now() + 15_000;
  while (inFlight > 0 && Date.now() < drainUntil) await sleep(20);
  for (let i = 0; i < inFlight; i++) samples.push([Date.now(), Number.NaN, 0]);
  process.send!({ samples }, () => process.exit(0));
}

export function startLoad(config: LoadConfig): { child: ChildProcess; stop: () => Promise<Sample[]> } {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "bench-open-loop.ts")], {
    env: { ...process.env, BENCH_OPEN_LOOP: JSON.stringify(config) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const result = new Promise<Sample[]>((resolve, reject) => {
    child.on("message", (m: { samples: Sample[] }) => resolve(m.samples));
    child.on("exit", (code) => reject(new Error(`load process ended (${code}) without its samples`)));
  });
  return { child, stop: () => (child.send({ stop: true }), result) };
}

if (process.env.BENCH_OPEN_LOOP) {
  runLoad(JSON.parse(process.env.BENCH_OPEN_LOOP) as LoadConfig).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
