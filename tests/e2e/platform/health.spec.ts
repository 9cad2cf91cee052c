import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The probes an orchestrator calls, on the server the journeys run against (with `npm test`: the assembled standalone
// server.js the image runs): no session, no school, yes/no answers and nothing about the machine behind them.
const LEAKS = /postgres|pglite|ECONN|stack|at \/|node_modules|\/app\/|\/work\/|version|password|secret/i;

for (const [path, body] of [
  ["/api/health", { status: "ok" }],
  ["/api/ready", { status: "ready", checks: { database: true, migrations: true, faceModel: true } }],
] as const) {
  test(`${path} answers 200 without a session, with yes/no and no details`, async ({ playwright, baseURL }) => {
    // A fresh request context: no cookies from any other test.
    const api = await playwright.request.newContext({ baseURL });
    try {
      const res = await api.get(path);
      expect(res.status()).toBe(200);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual(body);
      expect(text).not.toMatch(LEAKS);
      expect(res.headers()["cache-control"]).toBe("no-store");
      expect(res.headers()["x-powered-by"]).toBeUndefined();
      expect(res.headers()["set-cookie"]).toBeUndefined();
    } finally {
      await api.dispose();
    }
  });
}

// What the image runs is the standalone folder (Dockerfile: COPY .next/standalone). Next's file tracer takes in any
// folder a path built at run time might reach, sources, tests and local keys included: the folder must hold only
// what server.js needs.
test("the standalone server's folder holds production files only", () => {
  test.skip(process.env.E2E_STANDALONE !== "1", "only when the journeys run against the standalone server.js");
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  const root = path.join(distDir, "standalone");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (rel === "node_modules" || rel === distDir) continue;
      if (entry.isDirectory()) walk(rel);
      else files.push(rel);
    }
  };
  walk("");
  const forbidden = files.filter((f) => /^(tests|docs|scripts|\.data|app|components|lib)\//.test(f) || /\.(tsx?|md)$/.test(f));
  expect(forbidden).toEqual([]);
  // What it does need: the migrations it applies at start and the face model /api/ready loads.
  expect(files).toContain(path.join("server", "db", "migrations", "meta", "_journal.json"));
  expect(fs.existsSync(path.join(root, "node_modules", "@vladmandic", "face-api", "model"))).toBe(true);
});
