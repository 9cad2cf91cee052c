import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { CPU_SLOWDOWN, fmt, launchChromium, middle, phoneContext, throttledPage, waitHydrated } from "./bench-browser";
import { startBenchServer } from "./bench-server";

// `npm run bench:pdf`: how long a student on a phone waits for the first page of a document (issue 28 §6: ≤ 3 s on a
// phone-class CPU). Debian's Chromium as a 390×844 touch phone with its CPU slowed down 4× over the DevTools protocol,
// a fresh browser cache for every run (the first document of a visit), against the production server the container
// runs (scripts/bench-server.ts, demo seed). The student opens 'Contenidos', 'Ver contenidos' of the documents, then
// taps a document: the time runs from that tap until the document's first page is drawn (pdf.js has painted its canvas).
// Two taps are timed: at once, as soon as the list is there, and after a second of reading the list (what a person
// does). Documents: the demo's 'Temario y esquemas' (3 pages, 2 kB) and, uploaded by the bench, a 300-page text PDF
// (~1 MB) that shows what range requests bring. The floor, in the same run and conditions: the login page's load
// (navigation to its largest paint and to its load event). RUNS (default 3) runs each; the median is printed.
const PORT = Number(process.env.BENCH_PORT ?? 3993);
const DATA_DIR = path.join(process.cwd(), ".data", "bench-pdf");
const RUNS = Number(process.env.RUNS ?? 3);
const BUDGET_MS = 3_000;
const LARGE_NAME = "Temario largo (bench)";

/** A valid PDF of `pages` pages of Helvetica text, written by hand (no library), as scripts/make-demo-content.ts does. */
function textPdf(pages: number): Buffer {
  const objects: string[] = ["<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"];
  const kids: number[] = [];
  for (let p = 0; p < pages; p++) {
    const lines = Array.from({ length: 40 }, (_, i) => `BT /F1 11 Tf 50 ${790 - i * 18} Td (Tema ${p + 1}, linea ${i + 1}: la calzada es la parte de la via destinada a los vehiculos.) Tj ET`);
    const text = lines.join("\n");
    objects.push(`<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`);
    const stream = objects.length;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${stream} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

async function uploadLargePdf(port: number, adminCookie: string, studentCookie: string): Promise<number> {
  const base = `http://localhost:${port}`;
  const content = (await (await fetch(`${base}/api/student/content`, { headers: { cookie: studentCookie } })).json()) as {
    licenses: { licenseId: string }[];
  };
  const licenseId = content.licenses[0]!.licenseId;
  const bytes = textPdf(300);
  const query = new URLSearchParams({ licenseId, type: "document", name: LARGE_NAME });
  const res = await fetch(`${base}/api/administrator/content/upload?${query}`, {
    method: "POST",
    headers: { cookie: adminCookie, "content-type": "application/octet-stream", origin: base },
    body: new Uint8Array(bytes),
  });
  if (res.status !== 201) throw new Error(`Upload of the large PDF failed: ${res.status} ${await res.text()}`);
  return bytes.length;
}

/** The login page's load on the throttled phone: navigation to its largest paint and to its load event. */
async function loginLoad(page: Page): Promise<{ lcp: number; load: number }> {
  await page.goto("/login", { waitUntil: "load" });
  await page.waitForTimeout(1_000);
  return page.evaluate(
    () =>
      new Promise<{ lcp: number; load: number }>((resolve) => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        new PerformanceObserver((list) => resolve({ lcp: list.getEntries().at(-1)!.startTime, load: nav.loadEventEnd })).observe({
          type: "largest-contentful-paint",
          buffered: true,
        });
      }),
  );
}

/** Opens the documents of the student's first licence, taps `name` after `pauseMs` and times its first drawn page. */
async function firstPage(page: Page, name: string, pauseMs: number): Promise<{ ms: number; requests: string[] }> {
  const requests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/student/content/") || r.url().includes("pdf.worker")) requests.push(`${r.method()} ${new URL(r.url()).pathname.split("/").at(-1)} ${r.headers().range ?? ""}`.trim());
  });
  await page.goto("/student/content", { waitUntil: "load" });
  await waitHydrated(page, "main button");
  await page.getByRole("button", { name: "Ver contenidos" }).first().click();
  const item = page.getByRole("button", { name, exact: true });
  await item.waitFor();
  if (pauseMs) await page.waitForTimeout(pauseMs);
  // Timed in the page: from the tap's event to the frame after pdf.js marks page 1's canvas as drawn.
  await page.evaluate(() => {
    const w = window as unknown as { pdfTiming: { start: number; end: number } };
    w.pdfTiming = { start: 0, end: 0 };
    document.addEventListener("click", (e) => (w.pdfTiming.start ||= e.timeStamp), { capture: true, once: true });
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="core__canvas-layer-0"]')) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (w.pdfTiming.end = performance.now())));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-testid"] });
  });
  await item.tap();
  await page.waitForFunction(() => (window as unknown as { pdfTiming: { end: number } }).pdfTiming.end > 0, null, { timeout: 120_000 });
  const timing = await page.evaluate(() => (window as unknown as { pdfTiming: { start: number; end: number } }).pdfTiming);
  return { ms: timing.end - timing.start, requests };
}

async function main() {
  const server = await startBenchServer(PORT, DATA_DIR);
  const browser = await launchChromium();
  try {
    const student = await server.signIn("alumno", "alumno123");
    const admin = await server.signIn("admin", "admin123");
    const largeBytes = await uploadLargePdf(PORT, admin, student);
    // One visit before measuring, as any earlier visitor makes: the fresh server loads a route's code on first use.
    for (const warm of ["/login", "/student/content"]) await fetch(`http://localhost:${PORT}${warm}`, { headers: { cookie: student } });

    const floor: { lcp: number; load: number }[] = [];
    const cases = [
      { label: "demo PDF (3 pages), tapped at once", name: "Temario y esquemas", pause: 0 },
      { label: "demo PDF (3 pages), tapped after 1 s", name: "Temario y esquemas", pause: 1_000 },
      { label: `300-page PDF (${Math.round(largeBytes / 1024)} kB), tapped at once`, name: LARGE_NAME, pause: 0 },
    ];
    const results = cases.map(() => [] as number[]);
    const lastRequests: string[][] = cases.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      const anonymous = await phoneContext(browser, PORT, null);
      floor.push(await loginLoad(await throttledPage(anonymous)));
      await anonymous.close();
      for (const [i, c] of cases.entries()) {
        const context = await phoneContext(browser, PORT, student);
        const { ms, requests } = await firstPage(await throttledPage(context), c.name, c.pause);
        results[i]!.push(ms);
        lastRequests[i] = requests;
        await context.close();
      }
      console.log(`run ${run + 1}: login LCP ${fmt(floor.at(-1)!.lcp)}; ${cases.map((c, i) => `${c.label}: ${fmt(results[i]!.at(-1)!)}`).join("; ")}`);
    }
    console.log(`\nPhone 390×844, CPU ${CPU_SLOWDOWN}× slower (CDP), fresh cache each run; median of ${RUNS}:`);
    console.log(`  floor: /login  largest paint ${fmt(middle(floor.map((f) => f.lcp)))}, load event ${fmt(middle(floor.map((f) => f.load)))}`);
    for (const [i, c] of cases.entries()) {
      const m = middle(results[i]!);
      console.log(`  ${c.label.padEnd(44)} first page ${fmt(m).padStart(8)}  ${(m / middle(floor.map((f) => f.lcp))).toFixed(1)}× the login's paint  ${m <= BUDGET_MS ? "within" : "OVER"} ${BUDGET_MS / 1000} s  (runs ${results[i]!.map(Math.round).join(", ")})`);
      console.log(`    requests: ${lastRequests[i]!.join(" | ")}`);
    }
    console.log(`load average (1/5/15 min) at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")} on ${os.cpus().length} CPUs`);
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
