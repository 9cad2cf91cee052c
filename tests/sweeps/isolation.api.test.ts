import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { diffFingerprints, fingerprinter } from "./fingerprint";
import { ROUTE_ACCESS, type Role } from "./route-access";
import { apiRoutes, fillPath, MUTATING, type ApiRoute } from "./route-table";
import { NOT_AN_ID, PENDING, targetFor, uncoveredMessage } from "./targets";
import { buildWorld, type Actor, type World } from "./world";

// Tenant isolation, generated from the route table: for every route with an id, school A's id asked for by a
// user of school B (same role) and by a user of school A without the right answers 404 (403 for a wrong role),
// and the data of both schools is byte-for-byte unchanged.

const idRoutes = apiRoutes().filter((r) => r.params.length > 0 && !(r.key in NOT_AN_ID));
const swept = idRoutes.filter((r) => !(r.key in PENDING) && targetFor(r) && ROUTE_ACCESS[r.key]);

// Whose id a route takes, by default: the student's when students may call it, else the instructor's, else the office's.
function area(roles: readonly Role[]): "student" | "instructor" | "administrator" {
  if (roles.includes("student")) return "student";
  if (roles.includes("instructor")) return "instructor";
  return "administrator";
}

describe("tenant isolation sweep", () => {
  let ctx: ApiContext;
  let w: World;
  let checksum: () => Promise<Record<string, string | number>>;

  beforeAll(async () => {
    ctx = await createApiContext();
    w = await buildWorld(ctx.db);
    checksum = await fingerprinter(ctx.db, w.tenantIds, "checksum");
  }, 120_000);
  afterAll(() => ctx?.close());

  it("covers every route with an id parameter (or lists it as pending, with a reason)", () => {
    const uncovered = idRoutes.filter((r) => !(r.key in PENDING) && !targetFor(r)).map((r) => r.key);
    if (uncovered.length > 0) throw new Error(uncoveredMessage(uncovered));
    const undeclared = idRoutes.filter((r) => !ROUTE_ACCESS[r.key]).map((r) => r.key);
    if (undeclared.length > 0) throw new Error(`declare these routes in tests/sweeps/route-access.ts first:\n  ${undeclared.join("\n  ")}`);
    const stale = Object.keys(PENDING).filter((k) => !idRoutes.some((r) => r.key === k));
    expect(stale).toEqual([]); // a pending entry for a route that no longer exists
  });

  async function probe(route: ApiRoute, actor: Actor) {
    const target = targetFor(route)!;
    const path = fillPath(route.path, target.params(w));
    const body = MUTATING.has(route.method) ? (target.body?.(w) ?? {}) : undefined;
    const before = await checksum();
    const res = await ctx.call(path, { method: route.method, token: actor.token, host: actor.host, body });
    const changed = diffFingerprints(before, await checksum());
    return { res, changed, what: `${route.method} ${path} as ${actor.label} → ${res.status} ${res.text.slice(0, 200)}` };
  }

  it.each(swept.map((r) => [r.key, r] as const))("%s", async (_key, route) => {
    const roles = ROUTE_ACCESS[route.key]!;
    const target = targetFor(route)!;
    const owner = target.owner ?? area(roles);
    const problems: string[] = [];
    const check = async (actor: Actor, expected: number) => {
      const { res, changed, what } = await probe(route, actor);
      if (res.status !== expected) problems.push(`expected ${expected}: ${what}`);
      if (changed.length) problems.push(`data changed: ${what}\n    ${changed.join("\n    ")}`);
    };

    // Another school, the same role: on its own host (404), and with its token sent to school A's host (401).
    await check(w.other[owner], 404);
    await check({ ...w.other[owner], host: w.a.tenant.host, label: `${w.other[owner].label}, at school A's host` }, 401);
    // The same school, without the right: a wrong role on an administrator route; otherwise another
    // student / an instructor assigned to nobody (unless the id is school-wide by design).
    if (owner === "administrator" && !roles.includes("student")) await check(w.roles.student, 403);
    else if (owner !== "administrator" && !target.sameSchoolSkip) await check(w.sameSchool[owner], 404);

    // The id is live: its owner reads it (GET routes only, so the sweep changes nothing itself).
    if (route.method === "GET") {
      const own = await probe(route, w.roles[owner]);
      if (own.res.status !== (targetFor(route)!.ownerStatus ?? 200)) problems.push(`the owner should read it (the target id is wrong?): ${own.what}`);
    }
    if (problems.length) {
      throw new Error(
        `${problems.join("\n")}\n(A wrong target id or body: fix TARGETS in tests/sweeps/targets.ts. An id that is school-wide by ` +
          `design: set sameSchoolSkip there, with the reason. Otherwise this is a leak: fix the route.)`,
      );
    }
  });
});
