import path from "node:path";
import { buildImportGraph, findCycles } from "../support/import-graph";

// Issue 32 §5: the code's layers point one way. Two modules that import each other (directly or round a longer loop)
// cannot be understood, tested or moved apart; the circle's files are listed so the fix can start from them.
const ROOT = path.resolve(__dirname, "../..");

it("has no import circle in app/, components/, lib/ or server/", () => {
  const graph = buildImportGraph(ROOT, ["app", "components", "lib", "server"]);
  expect(graph.size).toBeGreaterThan(500);
  const circles = findCycles(graph).map((cycle) => cycle.join(" → "));
  expect(circles).toEqual([]);
});
