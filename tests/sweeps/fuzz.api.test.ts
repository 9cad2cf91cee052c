import fc from "fast-check";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { changeDetector } from "./fingerprint";
import { describeBody, bodies, type FuzzBody } from "./fuzz-bodies";
import { ROUTE_ACCESS, type Role } from "./route-access";
import { apiRoutes, fillPath, MUTATING, type ApiRoute } from "./route-table";
import { targetFor } from "./targets";
import { buildWorld, endsSession, randomUuid, restoreSessions, type World } from "./world";

// Property-based fuzzing of every JSON/form body of the API (every POST/PUT/PATCH/DELETE route in the route
// table), sent by a role that passes the route's role check, at school A's real ids: no answer is a 5xx, and
// no 4xx answer inserts, deletes or updates any row of the sweep's schools (row checksums, fingerprint.ts).
// Reproduce a run with FUZZ_SEED=<seed printed below>.

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const TOTAL = Number(process.env.FUZZ_TOTAL ?? 10_000);

// Calls that end a session or remove the world's rows go last, so the other routes are fuzzed deep.
const destructive = (r: ApiRoute) => r.method === "DELETE" || /deactivate|\/password$|update-cap|PUT \/administrator\/users/.test(r.key) || endsSession(r.key);
const routes = apiRoutes()
  .filter((r) => MUTATING.has(r.method))
  .sort((x, y) => Number(destructive(x)) - Number(destructive(y)));
const runsPerRoute = Math.ceil(TOTAL / Math.max(routes.length, 1));

// Rejections that are written down on purpose: route → tables a 4xx answer may add rows to.
const AUDITED_REJECTIONS: Record<string, string[]> = {
  // A face capture that fails (no face, several faces, unreadable image) is audited (cap/biometric-reference.service.ts).
  "POST /administrator/students/:id/biometric-reference": ["audit_log"],
};

function callerRole(route: ApiRoute): Role {
  const allowed = ROUTE_ACCESS[route.key] ?? [];
  return (["anonymous", "administrator", "instructor", "student"] as const).find((r) => allowed.includes(r)) ?? "administrator";
}

describe("fuzzing every request body", () => {
  let ctx: ApiContext;
  let w: World;
  let changes: () => Promise<string[]>;
  let sent = 0;
  const started = Date.now();
  const failures: string[] = [];

  beforeAll(async () => {
    ctx = await createApiContext();
    w = await buildWorld(ctx.db);
    changes = await changeDetector(ctx.db, w.tenantIds);
    console.log(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} to replay), ${routes.length} routes × ${runsPerRoute} runs, on ${ctx.kind}`);
  }, 120_000);
  afterAll(async () => {
    console.log(`fuzz: ${sent} generated requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`);
    await ctx?.close();
  });

  async function send(route: ApiRoute, path: string, b: FuzzBody) {
    const actor = w.roles[callerRole(route)];
    sent += 1;
    return ctx.call(path, {
      method: route.method,
      token: actor.token,
      host: actor.host,
      rawBody: b.body,
      headers: b.contentType ? { "content-type": b.contentType } : { "content-type": "" },
    });
  }

  // FUZZ_ROUTE="POST /login" replays one route (with the same per-route seed as in the full run).
  const only = process.env.FUZZ_ROUTE;
  it.each(routes.map((r, i) => [r.key, r, i] as const).filter(([key]) => !only || key === only))("%s", async (_key, route, index) => {
    const target = targetFor(route);
    const query = target?.query ? `?${new URLSearchParams(target.query(w))}` : "";
    const path = fillPath(route.path, target?.params(w) ?? {}, randomUuid()) + query;
    // The contract's own keys: what the route reports missing for an empty object, plus a valid body's keys.
    const probe = await send(route, path, { kind: "empty", contentType: "application/json", body: "{}" });
    if (destructive(route)) await restoreSessions(ctx.db, w); // the probe may have signed the caller out (logout)
    const missing: string[] = (probe.json?.issues ?? []).map((i: { path: string }) => String(i.path).split(".")[0]).filter(Boolean);
    const valid = target?.body?.(w);
    const keys = [...new Set([...missing, ...(valid && typeof valid === "object" ? Object.keys(valid) : [])])];

    await changes(); // whatever the probe (or an earlier route's success) wrote is the new baseline
    const allowed = AUDITED_REJECTIONS[route.key] ?? [];
    const result = await fc.check(
      fc.asyncProperty(bodies(keys), async (b) => {
        const res = await send(route, path, b);
        if (destructive(route)) await restoreSessions(ctx.db, w);
        if (res.status >= 500) throw new Error(`answered ${res.status}: ${res.text.slice(0, 300)}`);
        const changed = (await changes()).filter((c) => !allowed.some((t) => c.startsWith(`${t}:`)));
        if (res.status >= 400 && changed.length > 0) throw new Error(`answered ${res.status} but changed data: ${changed.join(", ")}`);
      }),
      { seed: SEED + index, numRuns: runsPerRoute, endOnFailure: true },
    );
    if (result.failed) {
      const body = result.counterexample?.[0] as FuzzBody | undefined;
      const line = `${route.key} (${path}) as ${callerRole(route)}: ${body ? describeBody(body) : "?"} → ${String(result.errorInstance).slice(0, 400)} [seed ${result.seed}, path ${result.counterexamplePath}]`;
      failures.push(line);
      throw new Error(line);
    }
  }, 120_000);

  (only ? it.skip : it)(`sent at least ${TOTAL} generated requests`, () => {
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
  });
});
