import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { stripeE2eSetup } from "./tests/e2e/payments/stand-in-config";
import { mailSinkSetup } from "./tests/e2e/support/mail-sink-config";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
// Stripe test mode against a local stand-in of Stripe's API (Stripe is unreachable here): tests/e2e/payments.
const stripe = stripeE2eSetup(port);
// E-mail to a real SMTP server of the tests' own (tests/e2e/support/mail-sink-server.ts), read back over HTTP.
const mail = mailSinkSetup(port);

// Debian's Chromium where it is installed (no browser downloads here); Playwright's own browser elsewhere.
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // E2E_OUTPUT_DIR keeps runs of parallel checkouts or builds (NEXT_DIST_DIR, E2E_PORT) from clearing each other's results.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results/playwright",
  reporter: [["list"], ["json", { outputFile: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/e2e.json` }]],
  use: {
    baseURL,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    // Recording a trace costs about a fifth of the suite's time on a 2-core machine: CI records the retry of a test
    // that failed (retries: 1), a local run keeps the trace of any failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: systemChromium, args: chromiumArgs },
  },
  // The phone (390×844, touch) is the main screen of students and instructors. Journeys that differ on a phone live in
  // `*.phone.spec.ts` and run only in the phone project; the others run once, on the desktop (CI's time budget).
  projects: [
    {
      name: "chromium",
      testIgnore: /\.phone\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
    {
      name: "phone",
      testMatch: /\.phone\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `${baseURL}/login`,
      timeout: 240_000,
      reuseExistingServer: !process.env.CI,
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      stdout: "pipe",
      stderr: "pipe",
      // One access-log line per request would bury the test report in CI's log: warnings and errors only.
      env: { ...stripe.appEnv, ...mail.appEnv, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn" },
    },
    {
      command: "npx tsx tests/e2e/support/mail-sink-server.ts",
      url: `http://127.0.0.1:${mail.mailboxPort}/messages`,
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      env: mail.sinkEnv,
    },
    {
      command: "npx tsx tests/e2e/payments/stripe-stand-in-server.ts",
      port: stripe.stripePort,
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      env: stripe.standInEnv,
    },
  ],
});
