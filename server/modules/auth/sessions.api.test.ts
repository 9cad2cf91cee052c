import { users } from "@/server/db/schema/core";
import { eq } from "drizzle-orm";
import {
  IMPERSONATION_HP_COOKIE,
  IMPERSONATION_S_COOKIE,
  SESSION_COOKIE,
  resolveToken,
  sealSession,
  splitToken,
} from "@/lib/session/cookies";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, type TestTenant } from "@/tests/fixtures/factories";

// Issue 12: logout and a password change left every other session valid for up to 12 hours.
let ctx: ApiContext;
let tenant: TestTenant;

beforeAll(async () => {
  ctx = await createApiContext();
  tenant = await createTenant(ctx.db);
});
afterAll(() => ctx.close());

const signIn = async (username: string, password: string) => {
  const res = await ctx.call("/login", { method: "POST", host: tenant.host, body: { username, password } });
  expect(res.status).toBe(200);
  return res.json.token as string;
};
const me = (token: string) => ctx.call("/me", { host: tenant.host, token });

describe("session revocation", () => {
  it("logout ends every session of the user, on every device", async () => {
    const user = await createUser(ctx.db, tenant);
    const laptop = await signIn(user.username!, user.password);
    const phone = await signIn(user.username!, user.password);
    expect((await ctx.call("/auth/logout", { method: "POST", host: tenant.host, token: laptop })).status).toBe(200);
    for (const token of [laptop, phone]) expect((await me(token)).json.error).toBe("INVALID_TOKEN");
    expect((await me(await signIn(user.username!, user.password))).status).toBe(200);
  });

  it("a password change ends the other sessions and hands this one a fresh token", async () => {
    const user = await createUser(ctx.db, tenant, { password: "original1" });
    const here = await signIn(user.username!, "original1");
    const elsewhere = await signIn(user.username!, "original1");
    const res = await ctx.call("/auth/change-password", { method: "POST", host: tenant.host, token: here, body: { currentPassword: "original1", newPassword: "nuevaClave1" } });
    expect(res.status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await me(res.json.token)).status).toBe(200);
  });

  it("an administrator's logout also ends the impersonation tokens issued to them", async () => {
    const admin = await createUser(ctx.db, tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const student = await createUser(ctx.db, tenant);
    const adminToken = await signIn(admin.username!, admin.password);
    const imp = await ctx.call(`/auth/impersonate/${student.id}`, { method: "POST", host: tenant.host, token: adminToken });
    expect((await me(imp.json.token)).status).toBe(200);
    await ctx.call("/auth/logout", { method: "POST", host: tenant.host, token: imp.json.token });
    expect((await me(imp.json.token)).status).toBe(401);
    expect((await me(adminToken)).status).toBe(401);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, student.id));
    expect(row!.sessionVersion).toBe(0);
  });
});

describe("impersonation cookies are bound to the administrator's own session", () => {
  it("uses the pair only next to the session of the administrator it was issued to", async () => {
    const adminA = await createUser(ctx.db, tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const adminB = await createUser(ctx.db, tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const student = await createUser(ctx.db, tenant);
    const tokenA = await signIn(adminA.username!, adminA.password);
    const tokenB = await signIn(adminB.username!, adminB.password);
    const impA = (await ctx.call(`/auth/impersonate/${student.id}`, { method: "POST", host: tenant.host, token: tokenA })).json.token as string;
    const { headerPayload, signature } = splitToken(impA);
    const jar = async (sessionToken: string) => {
      const values: Record<string, string> = {
        [SESSION_COOKIE]: await sealSession({ token: sessionToken }),
        [IMPERSONATION_HP_COOKIE]: headerPayload,
        [IMPERSONATION_S_COOKIE]: signature,
      };
      return { get: (name: string) => (values[name] ? { value: values[name]! } : undefined) };
    };
    expect(await resolveToken(await jar(tokenA))).toMatchObject({ token: impA, isImpersonating: true });
    expect(await resolveToken(await jar(tokenB))).toMatchObject({ token: tokenB, isImpersonating: false });
  });
});

describe("housekeeping", () => {
  it("purges expired idempotency keys and old throttle rows, keeping recent ones", async () => {
    const { purgeExpired } = await import("@/server/http/housekeeping");
    const { authThrottle } = await import("@/server/db/schema/core");
    const { idempotencyKeys } = await import("@/server/db/schema/reservations");
    const old = new Date(Date.now() - 3 * 86_400_000);
    const [oldKey, recentKey] = [`old-${crypto.randomUUID()}`, `recent-${crypto.randomUUID()}`];
    await ctx.db.insert(authThrottle).values([
      { key: oldKey, failures: 3, windowStartedAt: old, lockedUntil: old },
      { key: recentKey, failures: 3, windowStartedAt: new Date(), lockedUntil: null },
    ]);
    const student = await createUser(ctx.db, tenant);
    const booking = { tenantId: tenant.id, userId: student.id, requestHash: "h", statusCode: 201, response: { ok: true } };
    await ctx.db.insert(idempotencyKeys).values([
      { ...booking, key: oldKey, createdAt: old },
      { ...booking, key: recentKey, createdAt: new Date() },
    ]);
    expect(await purgeExpired(ctx.db)).toBe(true);
    const keys = (await ctx.db.select().from(authThrottle)).map((r) => r.key);
    expect(keys).toContain(recentKey);
    expect(keys).not.toContain(oldKey);
    const bookingKeys = (await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, student.id))).map((r) => r.key);
    expect(bookingKeys).toEqual([recentKey]);
  });
});
