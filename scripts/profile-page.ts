import path from "node:path";
import fs from "node:fs";
import { SourceMapConsumer, type RawSourceMap } from "source-map";
import { launchChromium, phoneContext, throttledPage } from "./bench-browser";
import { BENCH_USERS, benchPages } from "./bench-pages";
import { startBenchServer } from "./bench-server";

// `npm run profile:page -- <path filter>`: where a signed-in page's load spends the main thread, for working on its
// blocking time (issue 28 §8). Each page is loaded RUNS times (default 3) on bench-browser.ts's phone (CPU_SLOWDOWN, 4×)
// (Lighthouse's), with V8's sampling profiler on from navigation to 3 s after `load`; the samples' self time is summed
// by the original source file (the build's source maps: `rm .next/BUILD_ID` and run with NEXT_BROWSER_SOURCE_MAPS=1 to
// build with them, else the chunks are named) and by package, and printed per page, largest first. LONGEST=1 also prints, for each load, the
// longest stretch of samples without idle and its stacks (DEPTH frames each, default 3).
const PORT = Number(process.env.BENCH_PORT ?? 3993);
const DATA_DIR = path.join(process.cwd(), ".data", "profile-page");
const RUNS = Number(process.env.RUNS ?? 3);
const TOP = Number(process.env.TOP ?? 25);
const DEPTH = Number(process.env.DEPTH ?? 3); // frames shown of each stack with LONGEST=1, innermost first
const filter = process.argv[2];

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const maps = new Map<string, SourceMapConsumer | null>();
async function consumerFor(url: string): Promise<SourceMapConsumer | null> {
  if (maps.has(url)) return maps.get(url)!;
  let consumer: SourceMapConsumer | null = null;
  const match = url.match(/\/_next\/(static\/.+\.js)$/);
  const chunk = match ? path.join(process.cwd(), ".next", match[1]!) : "";
  // The chunk names its map on its last line (after compile-hints.mjs the two names differ).
  const mapName = chunk && fs.existsSync(chunk) ? fs.readFileSync(chunk, "utf8").match(/sourceMappingURL=(\S+)\s*$/)?.[1] : undefined;
  const file = mapName ? path.join(path.dirname(chunk), mapName) : "";
  if (file && fs.existsSync(file)) consumer = await new SourceMapConsumer(JSON.parse(fs.readFileSync(file, "utf8")) as RawSourceMap);
  maps.set(url, consumer);
  return consumer;
}

/** A source file as a short label: the package for node_modules, the path for ours. */
function label(source: string): string {
  const modules = source.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = source.slice(modules + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  return source.replace(/^.*?\/\[project\]\//, "").replace(/^turbopack:\/\/\//, "");
}

async function attribute(profile: Profile, totals: Map<string, number>, files: Map<string, number>) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)!;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    let key = url ? url.split("/").pop()! : `(${functionName || "program"})`;
    let file = key;
    const consumer = url ? await consumerFor(url) : null;
    if (consumer) {
      const original = consumer.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
      if (original.source) {
        file = original.source.replace(/^.*?\/\[project\]\//, "");
        key = label(original.source);
      }
    }
    totals.set(key, (totals.get(key) ?? 0) + ms);
    files.set(file, (files.get(file) ?? 0) + ms);
  }
}

/** The longest stretch of samples without idle (about one task) and what it ran: function (file) → ms, as stacks. */
async function longestStretch(profile: Profile): Promise<string[]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let best: [number, number] = [0, 0];
  let bestTime = 0;
  let start = -1;
  let time = 0;
  let startTime = 0;
  for (let i = 0; i <= profile.samples.length; i++) {
    const idle = i === profile.samples.length || byId.get(profile.samples[i]!)!.callFrame.functionName === "(idle)";
    if (!idle && start < 0) [start, startTime] = [i, time];
    if (idle && start >= 0) {
      if (time - startTime > bestTime) [best, bestTime] = [[start, i], time - startTime];
      start = -1;
    }
    time += profile.timeDeltas[i + 1] ?? 0;
  }
  const stacks = new Map<string, number>();
  for (let i = best[0]; i < best[1]; i++) {
    const frames: string[] = [];
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame;
      if (!url) continue;
      const consumer = await consumerFor(url);
      const original = consumer?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
      const where = original?.source ? `${label(original.source)}:${original.line}` : url.split("/").pop();
      frames.push(`${original?.name ?? (functionName || "?")} (${where})`);
    }
    const key = frames.length ? frames.slice(0, DEPTH).join(" < ") : "(no script: the browser's own work, GC, compiling)";
    stacks.set(key, (stacks.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  let total = 0;
  for (const v of stacks.values()) total += v;
  return [`  longest stretch: ${total.toFixed(0)} ms`, ...[...stacks].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([k, v]) => `    ${v.toFixed(1).padStart(6)} ms  ${k}`)];
}

async function main() {
  const server = await startBenchServer(PORT, DATA_DIR);
  const browser = await launchChromium();
  try {
    for (const user of BENCH_USERS) {
      const pages = benchPages(user, filter);
      if (!pages.length) continue;
      const cookie = user.username && user.password ? await server.signIn(user.username, user.password) : null;
      const context = await phoneContext(browser, PORT, cookie);
      const page = await throttledPage(context);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      for (const pagePath of pages) {
        const totals = new Map<string, number>();
        const files = new Map<string, number>();
        for (let i = 0; i < RUNS; i++) {
          await page.goto("about:blank");
          await cdp.send("Profiler.start");
          await page.goto(`http://localhost:${PORT}${pagePath}`, { waitUntil: "load" });
          await page.waitForTimeout(3_000);
          const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
          await attribute(profile, totals, files);
          if (process.env.LONGEST === "1") console.log((await longestStretch(profile)).join("\n"));
        }
        const top = (m: Map<string, number>) =>
          [...m].filter(([k]) => k !== "(idle)").sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([k, v]) => `    ${(v / RUNS).toFixed(0).padStart(5)} ms  ${k}`);
        const busy = [...totals].filter(([k]) => k !== "(idle)").reduce((s, [, v]) => s + v, 0) / RUNS;
        console.log(`${pagePath}: ${busy.toFixed(0)} ms of main thread per load (4× slowdown, mean of ${RUNS})\n  by package:`);
        console.log(top(totals).join("\n"));
        console.log("  by file:");
        console.log(top(files).join("\n"));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
