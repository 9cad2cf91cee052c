import os from "node:os";
import path from "node:path";
import { chromium, type CDPSession, type Page } from "@playwright/test";
import { BENCH_USERS, benchPages } from "./bench-pages";
import { startBenchServer } from "./bench-server";

// `npm run bench:tbt [-- <path filter>]`: a quicker, steadier stand-in for Lighthouse's Total Blocking Time, for
// working on the main thread (issue 13). Each page is loaded RUNS times (default 7) in Debian's Chromium, signed in,
// with the cache off, and its main-thread tasks traced; like Lighthouse's simulation, each task of d ms counts
// max(0, 4·d − 50) ms (its 4× CPU slowdown). The median is printed. It tracks Lighthouse's figure within its noise
// (login ~500 ms, a signed-in page 700–1,800 ms on the 2-core machine) at a fraction of its run time;
// `npm run bench:lighthouse` stays the measure of record. Beside it, the page's own Largest Contentful Paint (the
// browser's entry, unthrottled): when the data arrives in the server's HTML it is the first paint.
const PORT = Number(process.env.BENCH_PORT ?? 3992);
const DATA_DIR = path.join(process.cwd(), ".data", "bench-tbt");
const RUNS = Number(process.env.RUNS ?? 7);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const filter = process.argv[2];
const SHOW_TASKS = process.env.TASKS === "1";
// SLOWDOWN=<n>: the CPU slowdown the tasks are scaled by (Lighthouse's 4 by default; see bench:lighthouse's
// BENCH_LIGHTHOUSE_CPU for a host faster than the machines the budgets were set on).
const SLOWDOWN = Number(process.env.SLOWDOWN ?? 4);

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: Record<string, unknown> } };

async function blockingTime(cdp: CDPSession, load: () => Promise<unknown>): Promise<number> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: object[] }) => {
    events.push(...(e.value as TraceEvent[]));
  };
  cdp.on("Tracing.dataCollected", collect);
  const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,loading,blink.user_timing", transferMode: "ReportEvents" });
  await load();
  await cdp.send("Tracing.end");
  await done;
  cdp.off("Tracing.dataCollected", collect);
  const navigation = events.find(
    (e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && String(e.args.data.documentLoaderURL ?? "").startsWith("http"),
  );
  if (!navigation) throw new Error("No navigationStart in the trace");
  const tasks = events.filter((e) => e.name === "RunTask" && e.ph === "X" && e.pid === navigation.pid && e.tid === navigation.tid && e.ts > navigation.ts);
  if (SHOW_TASKS) {
    // The tasks that count, with what ran inside them (the longest events nested in each).
    for (const task of tasks.filter((t) => SLOWDOWN * (t.dur ?? 0) > 50_000)) {
      const end = task.ts + (task.dur ?? 0);
      const inside = events
        .filter((e) => e.ph === "X" && e.tid === task.tid && e.pid === task.pid && e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 2_000)
        .map((e) => `${e.name}${e.args?.data?.url ? ` ${String(e.args.data.url).split("/").pop()}` : ""} ${((e.dur ?? 0) / 1000).toFixed(1)}`);
      console.log(`    task at ${((task.ts - navigation.ts) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(1)} ms [${inside.slice(0, 6).join("; ")}]`);
    }
  }
  return tasks
    .reduce((sum, task) => sum + Math.max(0, (SLOWDOWN * (task.dur ?? 0)) / 1000 - 50), 0);
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The page's Largest Contentful Paint as the browser recorded it (ms from navigation). */
function largestPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? NaN)).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(NaN), 1_000);
      }),
  );
}

async function main() {
  const server = await startBenchServer(PORT, DATA_DIR);
  const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu"] });
  const medians: number[] = [];
  try {
    for (const user of BENCH_USERS) {
      const pages = benchPages(user, filter);
      if (!pages.length) continue;
      const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      if (user.username && user.password) {
        const cookie = await server.signIn(user.username, user.password);
        await context.addCookies(cookie.split("; ").map((pair) => {
          const [name, ...value] = pair.split("=");
          return { name: name!, value: value.join("="), domain: "localhost", path: "/" };
        }));
      }
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      for (const pagePath of pages) {
        const runs: number[] = [];
        const paints: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          runs.push(await blockingTime(cdp, async () => {
            await page.goto(`http://localhost:${PORT}${pagePath}`, { waitUntil: "load" });
            await page.waitForTimeout(3_000);
            paints.push(await largestPaint(page));
          }));
        }
        const median = middle(runs);
        medians.push(median);
        console.log(
          `${String(Math.round(median)).padStart(5)} ms  LCP ${String(Math.round(middle(paints))).padStart(4)} ms  ${pagePath.padEnd(36)} (TBT runs ${[...runs].sort((a, b) => a - b).map(Math.round).join(", ")})`,
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(`\n${medians.length} pages: median TBT ${Math.round(Math.min(...medians))}–${Math.round(Math.max(...medians))} ms`);
  console.log(`load average (1 min) at the end: ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} CPUs`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
