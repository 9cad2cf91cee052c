import fc from "fast-check";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { contractQueryKeys, edgeQueries, PROBE_VALUE, queries } from "./fuzz-queries";
import { ROLES, ROUTE_ACCESS, type Role } from "./route-access";
import { apiRoutes, fillPath, type ApiRoute } from "./route-table";
import { targetFor } from "./targets";
import { buildWorld, randomUuid, type World } from "./world";

// Property-based fuzzing of every GET route's query string (every GET in the route table, so a new route is fuzzed
// by default), sent by every role at school A's real ids: odd dates, numbers out of range, NUL and lone surrogates,
// unicode, long strings, repeated keys, garbage cursors. No answer is a 5xx, and a 400/422 answer is the API's
// error body ({ error, message }). Each route's own keys are found first by one probe (every known key set to a
// value no typed field accepts: the 422's issues name the keys the route reads); each key is then sent alone with
// every odd value of its kind (edgeQueries), and the rest of the budget goes to random combinations, more of them
// to routes that read more keys (every route gets some: a key read without validation is not probed).
// Reproduce a run with FUZZ_SEED=<seed printed below>; FUZZ_QUERY_TOTAL changes the total (default 3,000).

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const TOTAL = Number(process.env.FUZZ_QUERY_TOTAL ?? 3_000);

const routes = apiRoutes().filter((r) => r.method === "GET");

describe("fuzzing every GET route's query string", () => {
  let ctx: ApiContext;
  let w: World;
  let allKeys: string[];
  const keysOf = new Map<string, string[]>();
  let randomBudget = 0;
  let sent = 0;
  const started = Date.now();

  beforeAll(async () => {
    ctx = await createApiContext();
    w = await buildWorld(ctx.db);
    allKeys = await contractQueryKeys();
    for (const route of routes) {
      // The route's own keys: what its validation names when every known key carries an impossible value.
      const probe = await send(`${pathOf(route)}?${allKeys.map((k) => `${k}=${PROBE_VALUE}`).join("&")}`, ownerOf(route));
      const issues = (probe.json as { issues?: Array<{ path: string }> } | null)?.issues ?? [];
      keysOf.set(route.key, [...new Set(issues.map((i) => String(i.path).split(".")[0]!).filter(Boolean))]);
    }
    const edges = routes.reduce((n, r) => n + edgeQueries(keysOf.get(r.key)!).length, 0);
    randomBudget = Math.max(TOTAL - sent - edges, routes.length * 10);
    console.log(
      `fuzz-query: seed ${SEED} (FUZZ_SEED=${SEED} to replay), ${routes.length} GET routes, ${allKeys.length} known keys, ` +
        `${edges} single-key edge queries + ${randomBudget} random ones, on ${ctx.kind}`,
    );
  }, 120_000);
  afterAll(async () => {
    console.log(`fuzz-query: ${sent} generated requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`);
    await ctx?.close();
  });

  const pathOf = (route: ApiRoute) => fillPath(route.path, targetFor(route)?.params(w) ?? {}, randomUuid());
  const ownerOf = (route: ApiRoute): Role => (ROUTE_ACCESS[route.key] ?? ["administrator"])[0] ?? "administrator";
  // Random runs: 1 share per route plus 3 per key it reads.
  const runsOf = (route: ApiRoute) => {
    const shares = routes.reduce((n, r) => n + 1 + 3 * keysOf.get(r.key)!.length, 0);
    return Math.max(10, Math.ceil((randomBudget * (1 + 3 * keysOf.get(route.key)!.length)) / shares));
  };

  async function send(path: string, role: Role) {
    const actor = w.roles[role];
    sent += 1;
    return ctx.call(path, { token: actor.token, host: actor.host });
  }

  function problemOf(res: { status: number; json: unknown; text: string }): string | null {
    if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 300)}`;
    if (res.status === 400 || res.status === 422) {
      const body = res.json as { error?: unknown; message?: unknown } | null;
      if (typeof body?.error !== "string" || typeof body?.message !== "string") return `answered ${res.status} without { error, message }: ${res.text.slice(0, 200)}`;
    }
    return null;
  }

  const only = process.env.FUZZ_ROUTE;
  it.each(routes.map((r, i) => [r.key, r, i] as const).filter(([key]) => !only || key === only))("%s", async (_key, route: ApiRoute, index) => {
    const base = pathOf(route);
    const allowed = ROUTE_ACCESS[route.key] ?? ["administrator"];
    const routeKeys = keysOf.get(route.key)!;
    const edgeProblems: string[] = [];
    for (const q of edgeQueries(routeKeys)) {
      const problem = problemOf(await send(`${base}?${q}`, ownerOf(route)));
      if (problem) edgeProblems.push(`GET ${base}?${q.slice(0, 120)} as ${ownerOf(route)} → ${problem}`);
    }
    if (edgeProblems.length > 0) throw new Error(`${route.key}: ${edgeProblems.length} odd value(s) failed:\n  ${edgeProblems.slice(0, 8).join("\n  ")}`);
    // Every role; the roles that pass the role check four times as often (they reach the query's validation).
    const role = fc.oneof(
      { arbitrary: fc.constantFrom(...allowed), weight: 4 },
      { arbitrary: fc.constantFrom(...ROLES), weight: 1 },
    );
    const result = await fc.check(
      fc.asyncProperty(role, queries(routeKeys, allKeys), async (r, q) => {
        const problem = problemOf(await send(`${base}?${q}`, r));
        if (problem) throw new Error(problem);
      }),
      { seed: SEED + index, numRuns: runsOf(route), endOnFailure: true },
    );
    if (result.failed) {
      const [r, q] = result.counterexample ?? [];
      throw new Error(
        `${route.key} as ${String(r)}: GET ${base}?${String(q).slice(0, 300)} → ${String(result.errorInstance).slice(0, 400)} ` +
          `[keys ${routeKeys.join(",") || "(none)"}; seed ${result.seed}, path ${result.counterexamplePath}]`,
      );
    }
  }, 120_000);

  (only ? it.skip : it)(`sent at least ${TOTAL} generated requests`, () => {
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
  });
});
