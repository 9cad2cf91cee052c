import fs from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";

// Shared by the phone benchmarks (bench:pdf, bench:inp): Debian's Chromium, a 390×844 touch phone, the CPU slowed down
// 4× over the DevTools protocol (Emulation.setCPUThrottlingRate, what Lighthouse's mobile preset stands for).
export const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);
const CHROME = process.env.CHROME_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
}

/** A fresh phone (empty cache), signed in with `cookie` when given. */
export async function phoneContext(browser: Browser, port: number, cookie: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    serviceWorkers: "block",
    baseURL: `http://localhost:${port}`,
  });
  if (cookie) {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name: name!, value: value.join("="), domain: "localhost", path: "/" };
      }),
    );
  }
  return context;
}

/** A page of `context` whose CPU runs CPU_SLOWDOWN× slower than the machine's. */
export async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return page;
}

/** Waits until React has attached its handlers to the element (the server drew it before hydration). */
export async function waitHydrated(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return !!el && Object.keys(el).some((key) => key.startsWith("__reactProps$"));
    },
    selector,
    { timeout: 60_000 },
  );
}

export const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const fmt = (msValue: number) => `${Math.round(msValue)} ms`;
