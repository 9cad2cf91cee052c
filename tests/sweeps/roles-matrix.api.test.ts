import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { deniedStatus, ROLES, ROUTE_ACCESS, undeclaredMessage, type Role } from "./route-access";
import { apiRoutes, fillPath, MUTATING } from "./route-table";
import { targetFor } from "./targets";
import { buildWorld, endsSession, randomUuid, restoreSessions, type World } from "./world";

// Every route × every role against the declaration in route-access.ts: a role that may not pass gets 401
// (anonymous) or 403; a role that may pass never gets 401/403 (any other answer is the route's business).
// Writes carry the well-formed body of targets.ts where it has one, so a 403 the service gives after validating
// the body (an impersonating administrator changing the password) is reached instead of hidden behind a 400.

// Routes that end a session go last (and the sessions are restored after each call), so every row uses live tokens.
const routes = apiRoutes().sort((x, y) => Number(endsSession(x.key)) - Number(endsSession(y.key)));

describe("roles matrix", () => {
  let ctx: ApiContext;
  let w: World;

  beforeAll(async () => {
    ctx = await createApiContext();
    w = await buildWorld(ctx.db);
  }, 120_000);
  afterAll(() => ctx?.close());

  it("declares every mounted route in tests/sweeps/route-access.ts", () => {
    const undeclared = routes.filter((r) => !ROUTE_ACCESS[r.key]).map((r) => r.key);
    if (undeclared.length > 0) throw new Error(undeclaredMessage(undeclared));
    const stale = Object.keys(ROUTE_ACCESS).filter((k) => !routes.some((r) => r.key === k));
    expect(stale).toEqual([]); // declared but no longer mounted: remove from route-access.ts
  });

  it.each(routes.filter((r) => ROUTE_ACCESS[r.key]).map((r) => [r.key, r] as const))("%s", async (_key, route) => {
    const allowed = ROUTE_ACCESS[route.key]!;
    // Unknown ids (a well-formed uuid, or "1" for the exam type): the role check runs before any lookup.
    const path = fillPath(route.path, Object.fromEntries(route.params.map((p) => [p, p === "examTypeId" ? "1" : randomUuid()])));
    const body = MUTATING.has(route.method) ? (targetFor(route)?.body?.(w) ?? {}) : undefined;
    const problems: string[] = [];
    for (const role of ROLES as readonly Role[]) {
      const actor = w.roles[role];
      const res = await ctx.call(path, { method: route.method, token: actor.token, host: actor.host, body });
      if (endsSession(route.key)) await restoreSessions(ctx.db, w);
      const passed = res.status !== 401 && res.status !== 403;
      const may = allowed.includes(role);
      if (may && !passed) problems.push(`${role} is declared allowed but got ${res.status} ${res.text.slice(0, 160)}`);
      if (!may && res.status !== deniedStatus(role)) {
        problems.push(`${role} is not declared allowed: expected ${deniedStatus(role)}, got ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    if (problems.length) throw new Error(`${route.method} ${path}\n  ${problems.join("\n  ")}`);
  });
});
