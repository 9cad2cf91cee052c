import path from "node:path";
import { buildImportGraph, type ImportGraph } from "../support/import-graph";

// Issue 32 §5: the database layer (schema, client, migrations helpers under server/db/) is the bottom of the server: it
// knows no service, no module and no adapter. The demo seed once lived in server/db/seed and imported the balance,
// password, settings and biometric services; it is server/demo/ now, and this keeps the schema from growing such
// arrows again, directly or through a file it imports.
const ROOT = path.resolve(__dirname, "../..");

const TESTS = /\.test\.tsx?$/;
// What server/db may reach: itself, the environment it is configured by, the logger, and the shared lib/ code.
const ALLOWED = [/^server\/db\//, /^server\/env\.ts$/, /^server\/logger\.ts$/, /^lib\//];

/** Each file reachable from a (non-test) server/db file that lies outside ALLOWED, with the way there. */
export function dbLayerViolations(graph: ImportGraph): string[] {
  const violations: string[] = [];
  const starts = [...graph.keys()].filter((file) => file.startsWith("server/db/") && !TESTS.test(file)).sort();
  const via = new Map<string, string>();
  const queue = [...starts];
  for (const start of starts) via.set(start, "");
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (via.has(target)) continue;
      via.set(target, file);
      if (!ALLOWED.some((allowed) => allowed.test(target))) {
        const way = [target];
        for (let at = file; at !== ""; at = via.get(at)!) way.unshift(at);
        violations.push(way.join(" → "));
        continue;
      }
      queue.push(target);
    }
  }
  return violations;
}

it("keeps server/db/ free of services, modules, adapters and the demo seed", () => {
  const graph = buildImportGraph(ROOT, ["server/db"]);
  expect([...graph.keys()].filter((file) => file.startsWith("server/db/schema/")).length).toBeGreaterThan(5);
  expect(dbLayerViolations(graph)).toEqual([]);
});

it("would flag the old layout: a seed under server/db importing a service, even one step removed", () => {
  const graph: ImportGraph = new Map([
    ["server/db/seed/index.ts", ["server/db/seed/core.ts", "server/db/client.ts"]],
    ["server/db/seed/core.ts", ["server/db/schema/core.ts", "server/modules/auth/password.ts"]],
    ["server/db/client.ts", ["server/env.ts", "lib/time/zoned-time.ts"]],
    ["server/db/schema/core.ts", []],
    ["server/db/seed/core.test.ts", ["server/modules/balance/balance.service.ts"]],
  ]);
  expect(dbLayerViolations(graph)).toEqual(["server/db/seed/core.ts → server/modules/auth/password.ts"]);
});

it("knows no demo seed under server/db any more", () => {
  const graph = buildImportGraph(ROOT, ["server/db"]);
  expect([...graph.keys()].filter((file) => file.startsWith("server/db/seed/"))).toEqual([]);
  expect(buildImportGraph(ROOT, ["server/demo"]).has("server/demo/index.ts")).toBe(true);
});
